/**
 * English message catalogue — the source of truth for the key set.
 * Every other catalogue is typed as `Messages`, so a missing or extra key
 * in another language is a type error.
 */
export const en = {
  brand: {
    name: "Voxwork",
    homeLabel: "Voxwork home",
  },
  meta: {
    homeTitle: "Voxwork — AI audio & video workbench",
    homeDescription:
      "Text to speech, voice cloning, dubbing, video translation, talking photos and AI avatar videos in one workbench, in English and Chinese.",
    notFoundTitle: "Page not found — Voxwork",
    errorTitle: "Something went wrong — Voxwork",
  },
  a11y: {
    skipToContent: "Skip to content",
    primaryNav: "Main",
    footerNav: "Footer",
  },
  nav: {
    tools: "Tools",
    audiences: "Who it's for",
    pricing: "Pricing",
    workbench: "Open the workbench",
  },
  language: {
    switchLabel: "Switch language",
    // Name of the *other* language, shown on the switcher.
    otherLanguageName: "中文",
  },
  home: {
    eyebrow: "AI audio & video workbench",
    title: "From script to finished voice and video, in one place",
    lead: "Voxwork brings text to speech, voice cloning, dubbing, video translation and AI avatars together in a single workbench — in English and Chinese — so you can produce a clip without switching between tools.",
    primaryCta: "Open the workbench",
    secondaryCta: "See pricing",
    languagesNote: "Works in English and Chinese",
    toolsTitle: "Nine tools, one workbench",
    toolsLead: "Start from text, a recording, a photo or a video, and pick the tool that fits the job.",
    audiencesTitle: "Who it's for",
    audiencesLead: "Voxwork is built for people who publish voice and video regularly and need more than one language.",
    closingTitle: "Ready to make your next clip?",
    closingLead: "Open the workbench and start with any of the nine tools.",
  },
  tools: {
    textToSpeech: {
      name: "Text to speech",
      description: "Turn a script into natural-sounding narration in English or Chinese.",
    },
    speechToSpeech: {
      name: "Speech to speech",
      description: "Re-voice an existing recording with a different voice while keeping its timing.",
    },
    voiceCloning: {
      name: "Voice cloning",
      description: "Create a custom voice from a short sample of a voice you have permission to use.",
    },
    voiceLibrary: {
      name: "Voice library",
      description: "Browse, preview and organise ready-made voices and your own cloned voices.",
    },
    talkingPhoto: {
      name: "Talking photo",
      description: "Animate a portrait photo so it speaks your script or audio.",
    },
    videoTranslation: {
      name: "Video translation",
      description: "Translate the speech in a video into another language and re-voice it.",
    },
    dubbing: {
      name: "Dubbing",
      description: "Add or replace the voice track of each speaker in a video.",
    },
    aiAvatarVideo: {
      name: "AI avatar video",
      description: "Produce presenter-style videos with an AI avatar reading your script.",
    },
    videoErasure: {
      name: "Video erasure",
      description: "Remove burned-in subtitles, captions or logos from your footage.",
    },
  },
  audiences: {
    creators: {
      name: "Content creators",
      description: "Voice-overs, second-language versions and avatar clips for your channels, without booking a studio.",
    },
    educators: {
      name: "Educators",
      description: "Narrate lessons and turn course material into explainer videos for English- and Chinese-speaking learners.",
    },
    ecommerce: {
      name: "E-commerce sellers",
      description: "Product videos and voice-overs for listings and social channels, in the language your buyers speak.",
    },
    shortDrama: {
      name: "Short-drama producers",
      description: "Dub and translate episodes for new audiences, and clear burned-in subtitles before localising.",
    },
  },
  footer: {
    summary: "Voxwork is a web workbench for AI voice and video tools.",
    consent: "Only clone or re-voice voices you own or have permission to use.",
    product: "Product",
    language: "Language",
  },
  notFound: {
    code: "404",
    title: "Oops! Page Not Found!",
    description: "It seems like the page you're looking for does not exist or might have been removed.",
    goBack: "Go Back",
    backHome: "Back to Home",
  },
  error: {
    code: "Error",
    title: "Something went wrong",
    description: "An unexpected error occurred. Please try again, or go back to the home page.",
    statusTitle: "Error {status}",
    reload: "Try again",
    backHome: "Back to Home",
  },
};

export type Messages = typeof en;
