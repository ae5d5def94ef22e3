import { toolMessagesEn, toolPageNamesEn, toolRoutesEn } from "./tools.en.generated";
import { accountsEn } from "./accounts.en";
import { apiKeysEn } from "./api-keys.en";
import { webhooksEn } from "./webhooks.en";
import { historyEn } from "./history.en";
import { marketingEn } from "./marketing.en";
import { toolSharedEn } from "./tool-shared.en";
import { aiToolsEn } from "./ai-tools.en";

/**
 * English message catalogue — the source of truth for the key set.
 * Every other catalogue is typed as `Messages`, so a missing or extra key
 * in another language is a type error.
 */
export const en = {
  // Marketing-site chrome (owner: marketing content), see marketing.en.ts.
  marketing: marketingEn,
  // Accounts (issue 4), see accounts.en.ts.
  accounts: accountsEn,
  apiKeys: apiKeysEn,
  webhooks: webhooksEn,
  // Content history and share links (issue 6 item 9), see history.en.ts.
  history: historyEn,
  // Tools, one namespace per tool named after its catalogue id (issue 13), see <tool>.en.ts, listed
  // by the generated tools.en.generated.ts (with each tool's page titles and job names, decision 068);
  // the parts they share in tool-shared.en.ts, the AI tools hub in ai-tools.en.ts.
  toolShared: toolSharedEn,
  ...toolMessagesEn,
  aiTools: aiToolsEn,
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
  // ── Front-end shell (issue 3, shell engineer): routes, layouts, auth screens, dialogs ──
  routes: {
    forgotPassword: { title: "Reset your password — Voxwork", description: "Get a link to reset your Voxwork password." },
    login: { title: "Sign in — Voxwork", description: "Sign in to your Voxwork workbench." },
    loginBasic: { title: "Sign in with email — Voxwork", description: "Sign in to Voxwork with your email and password." },
    loginLoading: { title: "Signing you in — Voxwork", description: "Finishing your sign-in." },
    resetPassword: { title: "Choose a new password — Voxwork", description: "Set a new password for your Voxwork account." },
    register: { title: "Create your account — Voxwork", description: "Create a Voxwork account to use the workbench." },
    status401: { title: "Sign-in required — Voxwork", description: "You need to sign in to see this page." },
    status403: { title: "Access denied — Voxwork", description: "Your account cannot open this page." },
    status404: { title: "Page not found — Voxwork", description: "The page you are looking for does not exist." },
    status500: { title: "Server error — Voxwork", description: "Something went wrong on our side." },
    status503: { title: "Service unavailable — Voxwork", description: "Voxwork is temporarily unavailable." },
    workbenchAccount: { title: "Account — Voxwork", description: "Your profile, points and sign-in details." },
    workbenchHome: { title: "Workbench — Voxwork", description: "All Voxwork tools in one place." },
    workbenchMyPlan: { title: "My plan — Voxwork", description: "Your plan, points and gift codes." },
    workbenchPricing: { title: "Plans and points — Voxwork", description: "Compare plans and point packs." },
    ...toolRoutesEn,
  },
  shell: {
    openNavigation: "Open navigation",
    navigationTitle: "Workbench navigation",
    close: "Close",
    signIn: "Sign in",
    userMenu: "Account menu",
    notSignedIn: "You are not signed in.",
    register: "Create an account",
    feedback: "Feedback",
    myPlan: "My plan",
    backToSite: "Back to the website",
    groupCreate: "Create",
    groupVoices: "Voices",
    groupVideo: "Video",
    groupAccount: "Account",
    workbenchLabel: "Workbench",
  },
  colorMode: {
    label: "Colour mode",
    light: "Light",
    dark: "Dark",
    system: "System",
  },
  workbench: {
    comingSoonBadge: "Coming soon",
    comingSoonTitle: "This tool arrives soon",
    comingSoonText: "{tool} is being built. Nothing here works yet, and nothing is charged. Check back soon.",
    noResultsTitle: "Nothing here yet",
    noResultsText: "Your results will appear here once the tool is available.",
    homeTitle: "Your workbench",
    homeLead: "Pick a tool to start. Tools arrive one by one; each says honestly whether it works yet.",
    openTool: "Open",
    accountTitle: "Account",
    accountText: "Your profile, points and sign-in settings will appear here once accounts are available.",
    pricingLink: "See plans and prices",
  },
  auth: {
    email: "Email",
    emailPlaceholder: "you@example.com",
    password: "Password",
    confirmPassword: "Confirm password",
    emailInvalid: "Enter a valid email address.",
    emailRequired: "Enter your email address.",
    passwordTooShort: "The password must be at least {min} characters.",
    passwordMismatch: "The passwords do not match.",
    nameRequired: "Enter a name.",
    loginTitle: "Sign in to Voxwork",
    loginLead: "Welcome back. Sign in to open your workbench.",
    loginBasicTitle: "Sign in with email",
    loginBasicLead: "Use the email and password of your Voxwork account.",
    continueWithEmail: "Continue with email",
    orProvider: "Or continue with",
    providersUnavailable: "Sign-in with Google, Facebook, GitHub and Twitter is not available yet.",
    submitLogin: "Sign in",
    submitRegister: "Create account",
    submitReset: "Send reset link",
    forgotPassword: "Forgot your password?",
    noAccount: "No account yet?",
    haveAccount: "Already have an account?",
    registerTitle: "Create your Voxwork account",
    registerLead: "One account for every tool, in English and Chinese.",
    forgotTitle: "Reset your password",
    forgotLead: "Enter your email and we will send you a link to choose a new password.",
    backToLogin: "Back to sign in",
    loadingTitle: "Signing you in…",
    loadingLead: "We are finishing your sign-in. This page is shown while a sign-in with an external provider completes.",
    loadingNothing: "No sign-in is in progress.",
    submitting: "Please wait…",
  },
  status: {
    s401Title: "Please sign in",
    s401Text: "This page is only available to signed-in users. Sign in and try again.",
    s403Title: "You don't have access to this page",
    s403Text: "Your account is not allowed to open this page. If you think this is a mistake, contact us through the feedback form.",
    s500Title: "Something went wrong on our side",
    s500Text: "The server could not complete the request. Please try again in a moment.",
    s503Title: "We'll be right back",
    s503Text: "Voxwork is temporarily unavailable, usually for maintenance. Please try again in a few minutes.",
    signIn: "Sign in",
    backHome: "Back to Home",
    tryAgain: "Try again",
  },
  feedback: {
    title: "Send feedback",
    lead: "Tell us what works, what doesn't, or what you'd like. We read every message.",
    message: "Message",
    messagePlaceholder: "What happened, or what would you like?",
    page: "Page",
    contact: "Contact (optional)",
    contactPlaceholder: "Email or other way to reach you",
    messageRequired: "Write a message first.",
    messageTooLong: "The message is too long (at most {max} characters).",
    submit: "Send",
    sent: "Thanks! Your feedback was sent.",
  },
  myPlan: {
    title: "Plans and points",
    lead: "Your plan, your points and their history. These are the plans and point packs on offer.",
    perMonth: "/ month",
    pointsPerMonth: "{points} points a month",
    points: "{points} points",
    pointPacks: "Point packs",
    seePricing: "See full pricing",
  },
  wbPage: {
    workbenchAccount: "Account",
    workbenchHome: "Home",
    workbenchMyPlan: "My plan",
    workbenchPricing: "Plans and points",
    ...toolPageNamesEn,
  },
  planNames: {
    free: "Free",
    pro: "Pro",
    business: "Business",
  },
  giftCode: {
    open: "Redeem a gift code",
    title: "Redeem a gift code",
    lead: "Enter the gift code you received. Its points or membership days are added to your account.",
    label: "Gift code",
    placeholder: "e.g. VOX-2026-ABCD",
    required: "Enter a gift code.",
    submit: "Redeem",
    success: "Gift code redeemed: {points} points and {days} membership days added.",
  },
  version: {
    newVersion: "A new version of Voxwork is available.",
    reload: "Reload",
  },
};

export type Messages = typeof en;
