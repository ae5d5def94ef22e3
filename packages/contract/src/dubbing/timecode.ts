/**
 * Timecodes as people type them in the editor's custom time input: `1:02.5`, `01:02:03.250`,
 * `62.5`, `1m2s`, `00:01:02,500` (SRT's comma) — and how the editor writes them (`mm:ss.mmm`,
 * with hours when the media is an hour or longer).
 */

/** Milliseconds of a typed timecode, or undefined when it is not one. */
export function parseTimecode(text: string): number | undefined {
  const value = text.trim().replace(',', '.');
  if (!value) return undefined;
  const units = /^(?:(\d+(?:\.\d+)?)h)?\s*(?:(\d+(?:\.\d+)?)m(?!s))?\s*(?:(\d+(?:\.\d+)?)s)?\s*(?:(\d+)ms)?$/i.exec(value);
  if (units && units.slice(1).some(Boolean)) {
    const [, hours = '0', minutes = '0', seconds = '0', millis = '0'] = units;
    return Math.round(Number(hours) * 3_600_000 + Number(minutes) * 60_000 + Number(seconds) * 1000 + Number(millis));
  }
  const clock = /^(?:(\d+):)?(?:(\d+):)?(\d+(?:\.\d{1,3})?)$/.exec(value);
  if (!clock) return undefined;
  const [, first, second, secondsText] = clock;
  const seconds = Number(secondsText);
  // `a:b:c` → hours, minutes, seconds; `a:b` → minutes, seconds; `c` → seconds.
  const hours = second !== undefined ? Number(first) : 0;
  const minutes = second !== undefined ? Number(second) : first !== undefined ? Number(first) : 0;
  if ((first !== undefined || second !== undefined) && seconds >= 60) return undefined;
  if (second !== undefined && minutes >= 60) return undefined;
  return Math.round(hours * 3_600_000 + minutes * 60_000 + seconds * 1000);
}

/** `mm:ss.mmm`, or `h:mm:ss.mmm` when `withHours` (or the time is an hour or more). */
export function formatTimecode(ms: number, withHours = false): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const millis = total % 1000;
  const tail = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
  return hours > 0 || withHours ? `${hours}:${tail}` : tail;
}
