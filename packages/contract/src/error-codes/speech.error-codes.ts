/**
 * Text to speech, voices, voice recordings and cloning, speech engines (6001–6099).
 * Joined with the other areas into the catalogue in `../error-codes.ts`.
 */
import type { ErrorAreaMessages } from './error-area.ts';

export const speechErrorCodes = {
  /** Text to speech: nothing to speak (empty, or only markup). */
  TTS_TEXT_EMPTY: 6001,
  /** More billable characters than the plan's `maxTtsCharacters`. */
  TTS_TEXT_TOO_LONG: 6002,
  /** A voice key that no configured engine or cloned voice of the caller has (deleted voices included). */
  VOICE_NOT_FOUND: 6003,
  /** The chosen voice does not speak the chosen language. */
  VOICE_LANGUAGE_UNSUPPORTED: 6004,
  /** A cloned voice still being analysed (or whose analysis failed). */
  VOICE_NOT_READY: 6005,
  /** Dialogue mode: a speaker name without a voice. */
  DIALOGUE_SPEAKER_UNASSIGNED: 6006,
  /** A voice recording shorter than the minimum. */
  RECORDING_TOO_SHORT: 6007,
  /** A voice recording longer than the maximum. */
  RECORDING_TOO_LONG: 6008,
  /** Voice activity detection found too little speech (silence, music, noise). */
  RECORDING_LITTLE_SPEECH: 6009,
  /** Too many clipped samples. */
  RECORDING_CLIPPING: 6010,
  /** Integrated loudness far below speech level. */
  RECORDING_TOO_QUIET: 6011,
  /** An upload without a usable audio track used where speech is needed. */
  RECORDING_NOT_AUDIO: 6012,
  /** Voice cloning without the consent confirmation. */
  CLONE_CONSENT_REQUIRED: 6013,
  /** The plan's `voiceCloneSlots` are all taken. */
  VOICE_SLOTS_FULL: 6014,
  /** An engine (speech, OCR, erasure, translation…) failed to load or answer (not the caller’s fault); retried jobs end with it. */
  ENGINE_UNAVAILABLE: 6015,
  /** The pronunciation dictionary is full. */
  PRONUNCIATION_LIMIT: 6016,
} as const;

export const speechErrorMessages: ErrorAreaMessages<typeof speechErrorCodes> = {
  en: {
    6001: 'Enter some text to speak.',
    6002: 'This text has {count} characters; your plan allows {limit} per job. Shorten it or upgrade your plan.',
    6003: 'This voice does not exist or has been deleted. Pick another voice.',
    6004: 'The voice “{voice}” does not speak {language}. Pick a voice for this language.',
    6005: 'This cloned voice is not ready yet. Wait until its analysis has finished.',
    6006: 'Assign a voice to “{speaker}”.',
    6007: 'The recording is {seconds} s long; at least {min} s are needed.',
    6008: 'The recording is {seconds} s long; the limit is {max} s. Trim it and try again.',
    6009: 'We could hear too little speech in this recording ({ratio}% speech, {speech} s). Record in a quiet room, close to the microphone.',
    6010: 'The recording is distorted ({ratio}% of samples clipped). Lower the input volume and record again.',
    6011: 'The recording is too quiet ({lufs} LUFS). Move closer to the microphone or raise the input volume.',
    6012: 'This file has no audio we can use. Upload a recording of speech (MP3, WAV, M4A, OGG, FLAC or a video with sound).',
    6013: "Confirm that this is your own voice or that you have the speaker's permission to clone it.",
    6014: 'You have used all {limit} voice slots of your plan. Delete a cloned voice or upgrade your plan.',
    6015: 'The engine “{engine}” is not available right now. Try again later, or choose another voice or engine.',
    6016: 'Your pronunciation dictionary is full ({limit} entries). Delete some entries first.',
  },
  zh: {
    6001: '请输入要朗读的文字。',
    6002: '这段文字共 {count} 个字符，你的套餐每次最多 {limit} 个字符。请缩短文字或升级套餐。',
    6003: '该声音不存在或已被删除，请选择其他声音。',
    6004: '声音“{voice}”不支持{language}，请选择该语言的声音。',
    6005: '该克隆声音尚未就绪，请等待分析完成。',
    6006: '请为“{speaker}”指定一个声音。',
    6007: '录音时长为 {seconds} 秒，至少需要 {min} 秒。',
    6008: '录音时长为 {seconds} 秒，上限为 {max} 秒。请剪短后重试。',
    6009: '这段录音中的语音太少（语音占比 {ratio}%，共 {speech} 秒）。请在安静的环境中靠近麦克风录制。',
    6010: '录音失真（{ratio}% 的采样被削波）。请调低输入音量后重新录制。',
    6011: '录音音量太小（{lufs} LUFS）。请靠近麦克风或调高输入音量。',
    6012: '该文件没有可用的音频。请上传语音录音（MP3、WAV、M4A、OGG、FLAC 或带声音的视频）。',
    6013: '请确认这是你本人的声音，或你已获得说话人的克隆授权。',
    6014: '你已用完套餐的 {limit} 个声音名额。请删除一个克隆声音或升级套餐。',
    6015: '引擎“{engine}”暂时不可用。请稍后再试，或换一个声音或引擎。',
    6016: '你的发音词典已满（{limit} 条）。请先删除一些条目。',
  },
};
