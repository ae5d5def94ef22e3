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
}

export interface SampleClip {
  label: string;
  video: string;
  poster: string;
  /** A soft subtitle track (WebVTT) shown by the player. */
  track?: { src: string; lang: string; label: string };
}

export interface ProductSample {
  title: string;
  lead: string;
  before: SampleClip;
  after: SampleClip;
  /** How it was made, said plainly (engines, mode, what is not shown). */
  caption: string;
}

export type ToolLandingId = "textToSpeech" | "speechToSpeech" | "voiceCloning" | "voiceLibrary" | "talkingPhoto" | "videoTranslation";
export type UseCaseId = "creators" | "ecommerce" | "educators" | "shortDrama";
