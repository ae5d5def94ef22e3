/**
 * SSML read as text by engines that do not understand markup: what they are given has the same
 * length as the markup, so character offsets of their word timings still point into it.
 */

/** SSML with every tag blanked out by spaces, so that character offsets still point into the markup. */
export function ssmlTextContent(ssml: string): string {
  return ssml.replace(/<[^>]*>/g, (tag) => ' '.repeat(tag.length));
}

/** `&amp;` → `&` padded with spaces to the entity's length, so offsets still point into the markup. */
export function decodeEntitiesKeepingLength(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    const lower = body.toLowerCase();
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? Number(lower.slice(1)) : undefined;
    const char = code === undefined ? named[lower] : code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
    return char === undefined || char.length > entity.length ? entity : char.padEnd(entity.length, ' ');
  });
}
