/** What the PP-OCRv4 Chinese model reads: simplified and traditional Chinese, English letters, digits and punctuation. */
export const PPOCR_ENGINE_ID = 'ppocr:pp-ocrv4';
export const PPOCR_LANGUAGES = ['zh', 'en'];
/** Tags read as supported (`cmn` is Mandarin's tag; written Chinese is zh). */
export const PPOCR_READABLE = ['zh', 'cmn', 'en'];
