import { cleanDisplayName, ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';

export const UPLOAD_NAME_MAX_LENGTH = 200;

/**
 * The name shown for an upload. A name with path parts (`/`, `\`, `..`) is refused
 * (UPLOAD_NAME_INVALID): browsers never send one, so it is an attack or a broken client.
 * The name is cleaned as every name a person gives (`cleanDisplayName`: control, bidirectional
 * and zero-width characters removed, line breaks as spaces, NFC), whitespace collapsed, and the length
 * capped at 200 characters with the extension kept. The storage key uses `safeKeyName` on top.
 */
export function sanitizeUploadName(raw: string): string {
  if (/[/\\]/.test(raw) || /^\s*\.{1,2}\s*$/.test(raw)) throw new DomainError(ErrorCode.UPLOAD_NAME_INVALID);
  const cleaned = cleanDisplayName(raw).replace(/\s+/g, ' ');
  if (!cleaned || /^\.+$/.test(cleaned)) throw new DomainError(ErrorCode.UPLOAD_NAME_INVALID);
  const characters = [...cleaned];
  if (characters.length <= UPLOAD_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 11 ? [...cleaned.slice(dot)] : [];
  return [...characters.slice(0, UPLOAD_NAME_MAX_LENGTH - extension.length), ...extension].join('');
}
