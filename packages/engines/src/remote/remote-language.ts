/**
 * The primary language of a tag as vendors name it: lower case, no region or script, and Mandarin
 * (`cmn`, what espeak-ng and our voice library call it) as `zh`, the code OpenAI and ElevenLabs use.
 */
export function vendorLanguage(tag: string): string {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return primary === 'cmn' ? 'zh' : primary;
}
