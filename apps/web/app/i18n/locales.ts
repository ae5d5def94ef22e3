/** The languages of the product (spec §1): English at the plain path, Chinese under `/zh`. */
export const LOCALES = ["en", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
