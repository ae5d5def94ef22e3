/** The tool's pages' titles (`routes.*`) and names (`wbPage.*`), and its jobs' names in the history (`history.kinds.*`). */
export const speechToSpeechPagesEn = {
  routes: {
    workbenchSpeechToSpeech: { title: "Speech to speech — Voxwork", description: "Re-voice a recording with another voice." },
  },
  wbPage: {
    workbenchSpeechToSpeech: "Speech to speech",
  },
  jobKinds: {
    speechToSpeechConvert: "Voice conversion",
  },
};

/**
 * Speech to speech (tool `speech-to-speech`). Wired into `en.ts` as `speechToSpeech`;
 * `speech-to-speech.zh.ts` has exactly the same keys.
 */
export const speechToSpeechEn = {
  title: "Speech to speech",
  lead: "Say it your way, hear it in another voice: the timing and intonation of your recording are kept.",
  sourceTitle: "1. Your speech",
  targetTitle: "2. Target voice",
  optionsTitle: "3. Options",
  denoise: "Remove background noise",
  keepBackground: "Keep background sound",
  keepBackgroundHint: "Separates the voice from music and ambience and mixes them back after conversion.",
  format: "Output format",
  estimate: "Estimated points: {cost} for {duration}",
  estimateUnknown: "The cost is shown once the length of the recording is known.",
  convert: "Convert",
  converting: "Converting…",
  needSource: "Add a recording first.",
  before: "Before",
  after: "After",
  downloadResult: "Download result",
  started: "Converting (points: {cost}).",
};
