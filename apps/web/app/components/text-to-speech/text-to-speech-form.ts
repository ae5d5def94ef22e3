import { bestTier, type SpeechQualityTier, type VoiceView } from "@voxwork/contract";
import type { MessageKey } from "../../i18n";
import { assignSpeakerVoices, estimateTts, unassignedSpeakers, type TtsEstimate } from "../../lib/speech/speech-editor";

/**
 * The text-to-speech page's form as one state and a pure reducer: the script, the voices (the
 * main one, each speaker's, and every voice seen so far for their tiers), the delivery settings,
 * the open dialogs, language detection and the run. The page dispatches what the user did; what
 * follows from it (a voice that cannot speak the chosen language resets it, a suggestion chosen
 * sets both) is decided here, where a unit test can check it.
 */

export const PAUSES = ["0.5s", "1s", "2s", "3s"] as const;
export type PauseLength = (typeof PAUSES)[number];
export type AudioFormat = "mp3" | "wav";

/** What the script box holds; a longer paste is cut, and the user is told how much (the plan's own limit is lower or equal). */
export const MAX_SCRIPT_CHARACTERS = 60_000;

export type Detection = { language: string | null; confidence: number; suggested: VoiceView | null };
/** Whose voice the picker is choosing. */
export type PickerTarget = { kind: "main" } | { kind: "speaker"; speaker: string };

export interface TtsFormState {
  text: string;
  /** The last paste that did not fit, and how much of it was kept. */
  pasteCut: { kept: number; cut: number } | null;
  voice: VoiceView | null;
  /** The voice `?voice=` asked for does not exist (or is not this user's). */
  voiceMissing: boolean;
  /** Every voice seen on this page by key: a speaker's voice is shown and priced from here. */
  knownVoices: Record<string, VoiceView>;
  dialogue: boolean;
  speakerChoices: Record<string, string>;
  /** A language code, or "" for automatic. */
  language: string;
  speed: number;
  pitch: number;
  volume: number;
  format: AudioFormat;
  pause: PauseLength;
  picker: PickerTarget | null;
  dictionaryOpen: boolean;
  detecting: boolean;
  detection: Detection | null;
  submitting: boolean;
  jobId: string | null;
  /** The first sentence, spoken at once while the job runs. */
  preview: { audio: string; text: string } | null;
}

/** The settings a user changes one at a time, with nothing else following from them. */
type Settings = Pick<TtsFormState, "dialogue" | "language" | "speed" | "pitch" | "volume" | "format" | "pause" | "picker" | "dictionaryOpen">;

export type TtsFormAction =
  | { type: "set"; settings: Partial<Settings> }
  | { type: "typed"; text: string }
  | { type: "pasted"; text: string; cut: { kept: number; cut: number } | null }
  | { type: "pauseInserted"; text: string }
  | { type: "voiceChosen"; voice: VoiceView }
  | { type: "defaultVoiceFound"; voice: VoiceView }
  | { type: "voiceMissing" }
  | { type: "speakerVoiceChosen"; speaker: string; voice: VoiceView }
  | { type: "detecting" }
  | { type: "detected"; detection: Detection | null }
  | { type: "suggestionUsed" }
  | { type: "submitting" }
  | { type: "started"; jobId: string }
  | { type: "submitted" }
  | { type: "previewReady"; preview: { audio: string; text: string } };

export const initialTtsForm: TtsFormState = {
  text: "",
  pasteCut: null,
  voice: null,
  voiceMissing: false,
  knownVoices: {},
  dialogue: false,
  speakerChoices: {},
  language: "",
  speed: 1,
  pitch: 0,
  volume: 1,
  format: "mp3",
  pause: "1s",
  picker: null,
  dictionaryOpen: false,
  detecting: false,
  detection: null,
  submitting: false,
  jobId: null,
  preview: null,
};

const remember = (known: Record<string, VoiceView>, voice: VoiceView) => ({ ...known, [voice.key]: voice });

/** The chosen voice; a language it cannot speak goes back to automatic. */
function chooseVoice(state: TtsFormState, voice: VoiceView): TtsFormState {
  const speaks = !state.language || voice.languages.includes(state.language) || voice.language === state.language;
  return { ...state, knownVoices: remember(state.knownVoices, voice), voice, voiceMissing: false, language: speaks ? state.language : "" };
}

export function ttsFormReducer(state: TtsFormState, action: TtsFormAction): TtsFormState {
  switch (action.type) {
    case "set":
      return { ...state, ...action.settings };
    case "typed":
      // Emptying the box forgets a cut paste; other edits keep its notice.
      return { ...state, text: action.text, pasteCut: action.text ? state.pasteCut : null };
    case "pasted":
      return { ...state, text: action.text, pasteCut: action.cut };
    case "pauseInserted":
      return { ...state, text: action.text };
    case "voiceChosen":
      return chooseVoice(state, action.voice);
    case "defaultVoiceFound":
      // The library's default never replaces a voice the user chose meanwhile.
      return { ...state, knownVoices: remember(state.knownVoices, action.voice), voice: state.voice ?? action.voice };
    case "voiceMissing":
      return { ...state, voiceMissing: true };
    case "speakerVoiceChosen":
      return { ...state, knownVoices: remember(state.knownVoices, action.voice), speakerChoices: { ...state.speakerChoices, [action.speaker]: action.voice.key } };
    case "detecting":
      return { ...state, detecting: true };
    case "detected":
      return { ...state, detecting: false, detection: action.detection ?? state.detection };
    case "suggestionUsed": {
      const detection = state.detection;
      if (!detection?.suggested) return state;
      const chosen = chooseVoice(state, detection.suggested);
      return { ...chosen, language: detection.language ?? chosen.language, detection: { ...detection, suggested: null } };
    }
    case "submitting":
      return { ...state, submitting: true, preview: null };
    case "started":
      return { ...state, jobId: action.jobId };
    case "submitted":
      return { ...state, submitting: false };
    case "previewReady":
      return { ...state, preview: action.preview };
  }
}

export interface TtsDerived {
  /** Each speaker's voice key (dialogue mode; new speakers take the main voice). */
  speakerAssignment: Record<string, string>;
  /** The best tier among the voices used: it prices the whole script. */
  tier: SpeechQualityTier;
  estimate: TtsEstimate;
  /** Nothing to speak (empty, spaces, or only pause marks): Generate waits, and says what it needs. */
  blank: boolean;
}

/** What the form's state implies for a plan allowing `maxCharacters`: speakers' voices, tier, characters and cost. */
export function deriveTts(state: TtsFormState, maxCharacters: number): TtsDerived {
  const speakers = state.dialogue ? estimateTts(state.text, { dialogue: true, tier: "basic", maxCharacters }).speakers : [];
  const speakerAssignment = assignSpeakerVoices(speakers, state.speakerChoices, state.voice?.key ?? "");
  const tier = bestTier([state.voice?.qualityTier ?? "basic", ...Object.values(speakerAssignment).map((key) => state.knownVoices[key]?.qualityTier ?? "basic")]);
  const estimate = estimateTts(state.text, { dialogue: state.dialogue, tier, maxCharacters });
  return { speakerAssignment, tier, estimate, blank: estimate.billableCharacters === 0 };
}

export interface TtsOptions {
  voiceKey: string;
  dialogue: boolean;
  speakers?: Record<string, string>;
  language?: string;
  speed: number;
  pitchSemitones: number;
  volume: number;
}

/** Why Generate cannot start yet (the toast it shows), or the options the job and the preview are made with. */
export function ttsRequest(state: TtsFormState, derived: TtsDerived, maxCharacters: number): { refusal: { key: MessageKey; params?: Record<string, string | number> } } | { options: TtsOptions } {
  const { estimate, speakerAssignment } = derived;
  if (estimate.billableCharacters === 0) return { refusal: { key: "textToSpeech.emptyText" } };
  if (!state.voice) return { refusal: { key: "voices.voice.chooseVoiceFirst" } };
  if (estimate.overLimit) return { refusal: { key: "textToSpeech.overLimit", params: { limit: maxCharacters } } };
  const missing = state.dialogue ? unassignedSpeakers(estimate.speakers, speakerAssignment) : [];
  if (missing.length) return { refusal: { key: "textToSpeech.speakerVoice", params: { speaker: missing[0]! } } };
  return {
    options: {
      voiceKey: state.voice.key,
      dialogue: state.dialogue,
      ...(state.dialogue && estimate.speakers.length ? { speakers: speakerAssignment } : {}),
      ...(state.language ? { language: state.language } : {}),
      speed: state.speed,
      pitchSemitones: state.pitch,
      volume: state.volume,
    },
  };
}

/**
 * A paste into `text` over the selection `start`–`end`: null when it fits in the script box (the
 * browser pastes it), else the text with as much as fits (never half a surrogate pair), how much
 * was kept and cut, and where the caret goes.
 */
export function fitPaste(text: string, start: number, end: number, pasted: string, max = MAX_SCRIPT_CHARACTERS): { text: string; kept: number; cut: number; caret: number } | null {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const room = Math.max(0, max - before.length - after.length);
  if (pasted.length <= room) return null;
  let kept = pasted.slice(0, room);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return { text: before + kept + after, kept: kept.length, cut: pasted.length - kept.length, caret: before.length + kept.length };
}
