/** Shapes of the page copy that loaders send to marketing pages (the copy itself lives in `content/*.server.ts`). */
export interface LandingCopy {
  title: string;
  description: string;
  eyebrow: string;
  h1: string;
  lead: string;
  cta: string;
  featuresTitle: string;
  features: { title: string; body: string }[];
  stepsTitle: string;
  steps: { title: string; body: string }[];
  note: { title: string; body: string };
  faqs: { q: string; a: string }[];
  closingTitle: string;
  closingLead: string;
  /** A before/after made by the product itself (files in `public/samples/`, written by an `npm run samples:*` script). */
  sample?: ProductSample;
  /** Voices heard, not described: each sample spoken by the product (`npm run samples:marketing`). */
  voices?: VoiceSampleList;
  /** The workbench as it really looks, in the page's language, light and dark. */
  screenshot?: WorkbenchShot;
}

/** One side of a before/after: a video with its poster, a recording, or a picture. */
export type SampleMedia =
  | {
      kind: "video";
      label: string;
      video: string;
      poster: string;
      /** A soft subtitle track (WebVTT) shown by the player. */
      track?: { src: string; lang: string; label: string };
    }
  | { kind: "audio"; label: string; audio: string; /** What is said, shown under the player. */ text?: string }
  | { kind: "image"; label: string; image: string; alt: string };

export interface ProductSample {
  title: string;
  lead: string;
  before: SampleMedia;
  after: SampleMedia;
  /** How it was made, said plainly (engines, mode, what is not shown). */
  caption: string;
}

export interface VoiceSample {
  name: string;
  /** The voice's language, named in the page's language. */
  language: string;
  /** What it sounds like and what it suits, in the page's language. */
  description: string;
  /** What the sample says (in the voice's language). */
  text: string;
  /** BCP 47 tag of `text`. */
  textLang: string;
  audio: string;
  seconds: number;
}

export interface VoiceSampleList {
  title: string;
  lead: string;
  caption: string;
  voices: VoiceSample[];
}

export interface WorkbenchShot {
  title: string;
  lead: string;
  alt: string;
  light: string;
  dark: string;
  width: number;
  height: number;
}

export type ToolLandingId = "textToSpeech" | "speechToSpeech" | "voiceCloning" | "voiceLibrary" | "talkingPhoto" | "videoTranslation";
export type UseCaseId = "creators" | "ecommerce" | "educators" | "shortDrama";
