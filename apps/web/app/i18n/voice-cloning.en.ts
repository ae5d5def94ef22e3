/** The tool's pages' titles (`routes.*`) and names (`wbPage.*`), and its jobs' names in the history (`history.kinds.*`). */
export const voiceCloningPagesEn = {
  routes: {
    workbenchVoiceCloning: { title: "Voice cloning — Voxwork", description: "Create a custom voice from a sample." },
  },
  wbPage: {
    workbenchVoiceCloning: "Voice cloning",
  },
  jobKinds: {
    voiceCloningClone: "Voice clone",
  },
};

/**
 * Voice cloning (tool `voice-cloning`). Wired into `en.ts` as `voiceCloning`; `voice-cloning.zh.ts`
 * has exactly the same keys.
 */
export const voiceCloningEn = {
  title: "Voice cloning",
  lead: "Make a voice from a recording of yourself (or someone who agreed), then use it in text to speech and speech to speech.",
  honestNote: "How it works: local cloning matches your voice's pitch, spectral envelope and speaking rate over our local synthesizers. It is signal processing, not neural cloning, so it sounds like a relative of your voice rather than a copy. When a remote neural engine is configured, clones are made with it for neural quality.",
  stepRecording: "1. Your recording",
  stepCheck: "2. Quality check",
  stepDetails: "3. Name and consent",
  recordingHint: "10 seconds to 3 minutes of clear speech from one person.",
  checking: "Checking the recording…",
  checkAccepted: "The recording is good to use.",
  checkRejected: "This recording cannot be used yet:",
  checkWarnings: "Worth fixing for a better clone:",
  facts: {
    duration: "Length",
    speech: "Speech",
    loudness: "Loudness",
    clipping: "Clipping",
    pitch: "Median pitch",
  },
  name: "Voice name",
  namePlaceholder: "e.g. My narrator voice",
  language: "Language of the recording",
  consent: "I am the person in this recording, or I have their permission to clone their voice.",
  consentRequired: "Please confirm the consent to continue.",
  create: "Create voice · {cost} points",
  creating: "Creating the voice…",
  analysing: "Analysing the voice…",
  ready: "“{name}” is ready.",
  useInTextToSpeech: "Use in text to speech",
  useInSpeechToSpeech: "Use in speech to speech",
  myVoices: "My cloned voices",
  slots: "{used} of {total} voice slots used",
  slotsFull: "All your voice slots are used. Delete a voice or upgrade your plan to add another.",
  noVoices: "No cloned voices yet.",
  renameTitle: "Rename voice",
  deleteTitle: "Delete “{name}”?",
  deleteText: "The voice, its recording and its preview are deleted and its slot is freed. Results you already made keep their audio.",
  deleted: "Voice deleted.",
  renamed: "Voice renamed.",
  medianPitch: "{hz} Hz median pitch",
};
