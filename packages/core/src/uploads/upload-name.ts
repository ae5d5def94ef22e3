import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '../domain-error.ts';

export const UPLOAD_NAME_MAX_LENGTH = 200;

// Control characters (C0, DEL, C1) and bidirectional overrides that can disguise an extension.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name shown for an upload. A name with path parts (`/`, `\`, `..`) is refused
 * (UPLOAD_NAME_INVALID): browsers never send one, so it is an attack or a broken client.
 * Control characters and direction overrides are removed, whitespace collapsed, and the length
 * capped at 200 characters with the extension kept. The storage key uses `safeKeyName` on top.
 */
export function sanitizeUploadName(raw: string): string {
  if (/[/\\]/.test(raw) || /^\s*\.{1,2}\s*$/.test(raw)) throw new DomainError(ErrorCode.UPLOAD_NAME_INVALID);
  const cleaned = raw.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  if (!cleaned || /^\.+$/.test(cleaned)) throw new DomainError(ErrorCode.UPLOAD_NAME_INVALID);
  const characters = [...cleaned];
  if (characters.length <= UPLOAD_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 11 ? [...cleaned.slice(dot)] : [];
  return [...characters.slice(0, UPLOAD_NAME_MAX_LENGTH - extension.length), ...extension].join('');
}
