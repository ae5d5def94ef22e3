/** The tool's pages' titles (`routes.*`) and names (`wbPage.*`), and its jobs' names in the history (`history.kinds.*`). */
export const audioSeparationPagesEn = {
  routes: {
    workbenchAudioSeparation: { title: "Audio separation — Voxwork", description: "Split a recording into a voice track and a background track." },
  },
  wbPage: {
    workbenchAudioSeparation: "Audio separation",
  },
  jobKinds: {
    audioSeparationSeparate: "Voice and background",
  },
};

/** Audio separation (tool `audio-separation`). The same keys in `audio-separation.zh.ts`. */
export const audioSeparationEn = {
  title: "Audio separation",
  /** Its card on the AI tools hub. */
  hubHint: "Split a soundtrack into voice and background stems.",
  lead: "Split a recording, or the sound of a video, into a voice track and a background track. You get both as WAV and MP3, each exactly as long as the original.",
  sourceTitle: "1. Your audio or video",
  replace: "Use another file",
  limit: "Up to {minutes} minutes per file on your plan.",
  videoNote: "The video's first audio track is separated.",
  engineTitle: "2. How to separate",
  location: { local: "Local", remote: "Remote" },
  perMinute: "{price} points per started minute",
  engines: {
    rnnoise: {
      name: "Speech enhancement (RNNoise)",
      description:
        "Runs on our servers. RNNoise cleans the speech, then a mask built from when someone speaks, the voice's pitch and, in stereo, what lies outside the centre moves music out of the voice. Music spread wide in stereo comes out well; music in mono or in the centre stays partly in the voice. The background is everything that is not the voice, so some of the speech is faintly heard in it.",
    },
    elevenlabs: {
      name: "ElevenLabs voice isolation",
      description: "A neural voice isolator: the voice taken out of music, effects and noise; the background is the original with that voice removed. Your audio is sent to ElevenLabs.",
    },
  },
  noEngines: "No separation engine is set up here.",
  estimate: "Cost: {cost} points for {duration}",
  estimateUnknown: "The cost shows once a file with sound is uploaded.",
  separate: "Separate",
  separating: "Separating…",
  started: "Separation started: {cost} points reserved.",
  needFile: "Upload an audio or video file first.",
  stages: { ingest: "Reading the audio", separate: "Separating", encode: "Writing the stems", deliver: "Saving" },
  result: {
    title: "Result",
    listen: "Listen to",
    original: "Original",
    voice: "Voice",
    background: "Background",
    switchHint: "Switching keeps the position, so you can compare the tracks at the same moment.",
    download: "{track} · {format}",
    residualNote: "Speech enhancement: the background is everything that is not the voice, with some of the speech faintly in it. Music under the speech, especially in mono or in the centre of a stereo mix, stays partly in the voice.",
  },
};
