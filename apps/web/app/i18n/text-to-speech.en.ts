/** The tool's pages' titles (`routes.*`) and names (`wbPage.*`), and its jobs' names in the history (`history.kinds.*`). */
export const textToSpeechPagesEn = {
  routes: {
    workbenchTextToSpeech: { title: "Text to speech — Voxwork", description: "Turn a script into narration." },
  },
  wbPage: {
    workbenchTextToSpeech: "Text to speech",
  },
  jobKinds: {
    textToSpeechSynthesize: "Speech synthesis",
  },
};

/**
 * Text to speech (tool `text-to-speech`): the editor and its pronunciation dictionary
 * (`components/text-to-speech/`). Wired into `en.ts` as `textToSpeech`; `text-to-speech.zh.ts` has
 * exactly the same keys.
 */
export const textToSpeechEn = {
  title: "Text to speech",
  lead: "Type or paste a script, choose a voice and generate speech with subtitles.",
  scriptLabel: "Script",
  scriptPlaceholder: "Type or paste your text here. Add pauses with [pause 1s]; in dialogue mode start lines with a name and a colon (Anna: Hello!).",
  characters: "{count} / {limit} characters",
  overLimit: "Your plan allows {limit} characters per job. Shorten the text or upgrade your plan.",
  estimate: "Estimated points: {cost}",
  insertPause: "Insert pause",
  pauseLength: "Pause length",
  dialogueMode: "Dialogue mode",
  dialogueHint: "Lines that start with a name and a colon (Anna: …) are spoken by the voice you assign to that name.",
  speakersTitle: "Speakers",
  speakerVoice: "Voice for {speaker}",
  noSpeakers: "No speakers yet: start a line with a name and a colon.",
  voiceLabel: "Voice",
  voiceNotFound: "The voice in the link was not found; choose another.",
  languageLabel: "Language",
  languageAuto: "The voice's language",
  detect: "Detect language",
  detecting: "Detecting…",
  detected: "Detected: {language} ({confidence}% sure).",
  detectedUnknown: "The language could not be detected.",
  useSuggested: "Use suggested voice ({name})",
  speed: "Speed",
  pitch: "Pitch",
  pitchValue: "{value} semitones",
  volume: "Volume",
  format: "Output format",
  pronunciations: "Pronunciations",
  generate: "Generate",
  generateShortcut: "Ctrl+Enter",
  generating: "Generating…",
  emptyText: "Type some text to speak first.",
  emptyHint: "Type or paste the text to speak, then generate.",
  pasteCut: "The pasted text was longer than the script can hold ({max} characters): the first {kept} characters were pasted and the last {cut} left out.",
  previewing: "Playing the first sentence while the rest is generated…",
  previewLabel: "First sentence preview",
  resultTitle: "Result",
  resultReady: "Your audio is ready.",
  started: "Generating {characters} characters (points: {cost}).",
  pronunciation: {
    title: "Pronunciation dictionary",
    description: "Tell the voices how to say names and terms. Entries apply to every script in that language.",
    language: "Language",
    term: "Term",
    replacement: "Say it as",
    kind: "Kind",
    kindSpelling: "Spelling",
    kindPhonemes: "Phonemes",
    add: "Add entry",
    empty: "No entries for this language yet.",
    used: "{count} of {limit} entries",
    deleteEntry: "Delete {term}",
    saved: "Saved “{term}”.",
  },
};
