/**
 * Dubbing studio, dubbing pro (7600–7619) and series (7701–7799).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const dubbingErrorCodes = {
  /** Dubbing studio and dubbing pro (7600–7619). No such project of this user. */
  DUBBING_PROJECT_NOT_FOUND: 7600,
  /** A segment's times are wrong; `segment`, `reason` (localized). */
  DUBBING_SEGMENT_TIMES: 7601,
  /** A segment names a character the project does not have; `segment`. */
  DUBBING_UNKNOWN_CHARACTER: 7602,
  /** The project would have more segments than allowed; `max`. */
  DUBBING_TOO_MANY_SEGMENTS: 7603,
  /** The project is still being prepared (or its preparation failed). */
  DUBBING_NOT_READY: 7604,
  /** The language is not a target language of the project; `language`. */
  DUBBING_LANGUAGE_NOT_IN_PROJECT: 7605,
  /** A character has no voice for the language; `character`, `language`. */
  DUBBING_NO_VOICE: 7606,
  /** No segment of the selection needs the action; `action` (localized). */
  DUBBING_NOTHING_TO_DO: 7607,
  /** Dubbing studio has one target language. */
  DUBBING_STUDIO_ONE_LANGUAGE: 7608,
  /** Only a finished video translation of this user can be opened. */
  DUBBING_TRANSLATION_NOT_FINISHED: 7609,
  /** The recording has no speech (silent after trimming). */
  DUBBING_RECORDING_SILENT: 7610,
  /** No such segment in the project; `segment`. */
  DUBBING_UNKNOWN_SEGMENT: 7611,
  /** No engine here translates this pair; `source`, `target`. */
  DUBBING_NO_TRANSLATOR: 7612,
  /** No such cast bible. */
  DUBBING_CAST_NOT_FOUND: 7613,
  /** The media is longer than the plan allows; `minutes`, `max`. */
  DUBBING_MEDIA_TOO_LONG: 7614,
  /** No such version of the project. */
  DUBBING_VERSION_NOT_FOUND: 7615,
  /** A segment has no text to speak in the language; `segment`. */
  DUBBING_NOTHING_TO_SPEAK: 7616,
  /** Takes run past their segments' ends and the export was not told to let them overlap; `count`, `segments` (numbers), `language`. */
  DUBBING_OVERRUNS: 7617,
  /** Series (issue 28): no such series of the user. */
  SERIES_NOT_FOUND: 7701,
  /** The user already has a series of that name; `name`. */
  SERIES_NAME_TAKEN: 7702,
  /** Episodes need a target language and the series has none. */
  SERIES_NO_TARGET_LANGUAGES: 7703,
  /** A season download with no finished episode. */
  SERIES_NOTHING_TO_DOWNLOAD: 7704,
} as const;

export const dubbingErrorMessages: ErrorAreaMessages<typeof dubbingErrorCodes> = {
  en: {
    7600: 'This dubbing project does not exist or was deleted.',
    7601: 'Segment {segment}: {reason}.',
    7602: 'Segment {segment} names a character this project does not have. Choose one of its characters.',
    7603: 'A project can hold up to {max} segments. Split the video into parts, or delete segments you do not need.',
    7604: 'This project is not ready yet: its lines are still being prepared. Try again when the preparation has finished.',
    7605: '“{language}” is not a target language of this project.',
    7606: 'The character “{character}” has no voice for {language} yet. Choose one in Characters.',
    7607: 'Nothing to {action}: no selected segment needs it.',
    7608: 'Dubbing studio dubs into one language. Use dubbing pro for several languages.',
    7609: 'Only a finished video translation of yours can be opened as a dubbing project.',
    7610: 'We heard no speech in this recording. Check the microphone and record the line again.',
    7611: 'There is no segment {segment} in this project. Reload the project.',
    7612: 'No engine here translates {source} into {target}. Type the translations yourself; if you run this Voxwork, set up a translation engine (Help center: “Set up an engine”).',
    7613: 'This cast does not exist or was deleted.',
    7614: 'This file lasts {minutes} min; your plan allows up to {max} min per project. Trim it or upgrade your plan.',
    7615: 'This version does not exist any more.',
    7616: 'Segment {segment} has no text to speak in this language. Translate it or type its line first.',
    7617: '{count} segment(s) in {language} run past their end ({segments}). Fit them in the editor (shorten, speed up or use the pause after them), or export again letting them overlap what follows.',
    7701: 'This series does not exist or was deleted.',
    7702: 'You already have a series named “{name}”. Choose another name.',
    7703: 'This series has no target language yet. Choose at least one before adding episodes.',
    7704: 'No episode of this series has finished yet, so there is nothing to download.',
  },
  zh: {
    7600: '该配音项目不存在或已被删除。',
    7601: '片段 {segment}：{reason}。',
    7602: '片段 {segment} 指定的角色不在本项目中。请选择本项目的角色。',
    7603: '一个项目最多可包含 {max} 个片段。请将视频分段，或删除不需要的片段。',
    7604: '该项目尚未准备好：台词仍在准备中。请在准备完成后重试。',
    7605: '“{language}”不是本项目的目标语言。',
    7606: '角色“{character}”还没有{language}的声音。请在“角色”中选择。',
    7607: '无需{action}：所选片段都不需要。',
    7608: '配音工作室只配一种语言。需要多种语言请使用专业配音。',
    7609: '只能将你已完成的视频翻译作为配音项目打开。',
    7610: '这段录音里没有听到说话声。请检查麦克风后重新录制这一句。',
    7611: '本项目中没有片段 {segment}。请重新加载项目。',
    7612: '此处没有可将{source}翻译为{target}的引擎。请自行输入译文；如果这个 Voxwork 由你部署，可以配置翻译引擎（帮助中心：“配置引擎”）。',
    7613: '该角色表不存在或已被删除。',
    7614: '该文件时长 {minutes} 分钟，你的套餐每个项目最长 {max} 分钟。请剪短文件或升级套餐。',
    7615: '该版本已不存在。',
    7616: '片段 {segment} 在该语言下没有可朗读的文本。请先翻译或输入台词。',
    7617: '{language}中有 {count} 个片段超出了结束时间（{segments}）。请在编辑器中调整（缩短、加速或占用后面的停顿），或选择让它们与后面的内容重叠后再导出。',
    7701: '该剧集不存在或已被删除。',
    7702: '你已有名为“{name}”的剧集，请换一个名称。',
    7703: '该剧集还没有目标语言。添加分集前请至少选择一种。',
    7704: '该剧集还没有完成的分集，暂无可下载的内容。',
  },
};
