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
}

export type ToolLandingId = "textToSpeech" | "speechToSpeech" | "voiceCloning" | "voiceLibrary" | "talkingPhoto" | "videoTranslation";
export type UseCaseId = "creators" | "ecommerce" | "educators" | "shortDrama";
