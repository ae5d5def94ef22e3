/**
 * Video translation and its review gate (7001–7099).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const videoTranslationErrorCodes = {
  /** Video translation: the upload has no audio track to translate. */
  VIDEO_NO_AUDIO_TRACK: 7001,
  /** Video translation: speech recognition heard no speech. */
  VIDEO_NO_SPEECH_FOUND: 7002,
  /** Video translation: OCR found no burned-in subtitles. */
  VIDEO_NO_SUBTITLES_FOUND: 7003,
  /** No configured engine translates this pair. */
  TRANSLATION_PAIR_UNAVAILABLE: 7004,
  /** Longer than the plan's `maxVideoMinutesPerJob`. */
  VIDEO_TOO_LONG: 7005,
  /** The plan's `vtUseLimit` runs of this month are used. */
  VIDEO_TRANSLATION_MONTHLY_LIMIT: 7006,
  /** An uploaded subtitle file could not be read. */
  SUBTITLE_FILE_INVALID: 7007,
  /** The upload is not a video we can read (an image, audio only, or a damaged file). */
  VIDEO_NOT_READABLE: 7008,
  /** No engine can get the source text in this language from this source (speech or subtitles). */
  SOURCE_TEXT_UNAVAILABLE: 7009,
  /** Review gate: nothing changed since the lines were spoken. */
  VIDEO_TRANSLATION_NOTHING_TO_REGENERATE: 7010,
  /** Review gate: export asked while edited lines are not spoken yet. */
  VIDEO_TRANSLATION_UNSPOKEN_EDITS: 7011,
  /** Review gate: an edit names a line or language the job does not have. */
  VIDEO_TRANSLATION_LINE_UNKNOWN: 7012,
  /** The separation engine asked for is not set up here. */
  VIDEO_SEPARATOR_UNAVAILABLE: 7013,
  /** Replacing or adding drawn subtitles needs the lines in the picture: the source of text cannot be speech alone. */
  VIDEO_SUBTITLES_NEED_PICTURE_LINES: 7014,
  /** `output: 'subtitles'` with nothing drawn (`subtitles: 'keep'` and no burn-in): the video would come back unchanged. */
  VIDEO_SUBTITLES_OUTPUT_NOTHING_DRAWN: 7015,
} as const;

export const videoTranslationErrorMessages: ErrorAreaMessages<typeof videoTranslationErrorCodes> = {
  en: {
    7001: 'This video has no sound track, so there is nothing to translate. Upload a video with speech.',
    7002: 'We heard no speech in this video. If it has burned-in subtitles, choose “Burned-in subtitles” as the source, or upload a subtitle file.',
    7003: 'We found no burned-in subtitles in this video. Choose “Speech” as the source, or upload a subtitle file.',
    7004: 'No engine here translates {source} into {target} (offline, {source} goes into: {offline}). You can still dub it: give a subtitle file already in {target} as the translation, or type the lines yourself in dubbing. If you run this Voxwork, set up a translation engine (Help center: “Set up an engine”).',
    7005: 'This video is {minutes} minutes long; your plan allows up to {max} minutes per video. Trim it or upgrade your plan.',
    7006: 'You have used this month’s {limit} video translations of your plan. Upgrade to translate more, or wait until next month.',
    7007: 'The subtitle file could not be read: {reason}. Upload an SRT, VTT or ASS file.',
    7008: 'This file is not a video we can read (it may be damaged, audio only or an image). Upload an MP4, MOV, WebM or MKV video.',
    7009: 'We cannot get {language} text from {source} here. Upload a subtitle file instead. If you run this Voxwork, set up a speech recognition engine (Help center: “Set up an engine”).',
    7010: 'Nothing has changed since the lines were spoken. Edit a line or change a voice first, or export the video.',
    7011: '{count} edited line(s) have not been spoken yet. Regenerate them before exporting, or undo the edits.',
    7012: 'This translation has no line {line} in {language}. Reload the page: the table may be out of date.',
    7013: 'The background separation engine {engine} is not set up here. Keep the original music (offline); if you run this Voxwork, set the engine up (Help center: “Set up an engine”).',
    7014: 'Replacing the subtitles needs the lines burned into the picture (where they are and how they look): choose “Automatic”, “Burned-in subtitles” or a subtitle file as the source of text, not speech.',
    7015: 'A subtitles-only result must draw new subtitles: choose “Replace the subtitles” or “Add the translation”, or burn the translated subtitles in.',
  },
  zh: {
    7001: '该视频没有音轨，无法翻译。请上传带有语音的视频。',
    7002: '该视频中没有识别到语音。如果视频带有硬字幕，请选择“硬字幕”作为文本来源，或上传字幕文件。',
    7003: '该视频中没有找到硬字幕。请选择“语音”作为文本来源，或上传字幕文件。',
    7004: '此处没有可将{source}翻译为{target}的引擎（{source}可离线翻译为：{offline}）。仍可配音：提供一份已是{target}的字幕文件作为译文，或在配音工具中自行输入台词。如果这个 Voxwork 由你部署，可以配置翻译引擎（帮助中心：“配置引擎”）。',
    7005: '该视频长 {minutes} 分钟，你的套餐每个视频最长 {max} 分钟。请剪短视频或升级套餐。',
    7006: '本月套餐内的 {limit} 次视频翻译已用完。升级套餐可继续翻译，或等到下个月。',
    7007: '无法读取字幕文件：{reason}。请上传 SRT、VTT 或 ASS 文件。',
    7008: '该文件不是可读取的视频（可能已损坏、只有音频或是图片）。请上传 MP4、MOV、WebM 或 MKV 视频。',
    7009: '此处无法从{source}获取{language}文本。请改为上传字幕文件。如果这个 Voxwork 由你部署，可以配置语音识别引擎（帮助中心：“配置引擎”）。',
    7010: '自上次配音以来没有任何改动。请先修改台词或更换声音，或直接导出视频。',
    7011: '还有 {count} 句修改过的台词尚未重新配音。请先重新生成，或撤销修改后再导出。',
    7012: '该翻译中没有 {language} 的第 {line} 句。请刷新页面：表格可能已过期。',
    7013: '此处未配置背景分离引擎 {engine}。请选择保留原背景音乐（离线）；如果这个 Voxwork 由你部署，可以配置该引擎（帮助中心：“配置引擎”）。',
    7014: '替换字幕需要画面中烧录的字幕（位置和样式）：请选择“自动”“画面字幕”或字幕文件作为文字来源，而不是语音。',
    7015: '仅字幕的结果必须绘制新字幕：请选择“替换字幕”或“添加译文”，或将译文字幕烧录进画面。',
  },
};
