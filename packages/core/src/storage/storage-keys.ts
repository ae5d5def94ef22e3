/**
 * Every object key of the product, computed in one place (pure). Keys are relative, use `/`,
 * and contain only `[A-Za-z0-9._-]` segments, so every storage backend accepts them as they are
 * and no key can climb out of its folder.
 */

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

function id(kind: string, value: string): string {
  if (!ID.test(value)) throw new Error(`invalid ${kind} for a storage key: ${JSON.stringify(value)}`);
  return value;
}

function segment(kind: string, value: string): string {
  if (!SEGMENT.test(value) || value.includes('..')) throw new Error(`invalid ${kind} for a storage key: ${JSON.stringify(value)}`);
  return value;
}

/**
 * A file name reduced to a key segment: ASCII letters, digits, `.`, `_`, `-`; other characters
 * become `_`; at most 100 characters with the extension kept; never empty, never hidden.
 */
export function safeKeyName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && /^\.[A-Za-z0-9]{1,10}$/.test(cleaned.slice(dot)) ? cleaned.slice(dot).toLowerCase() : '';
  const stem = (extension ? cleaned.slice(0, dot) : cleaned)
    .replace(/^[._-]+/, '')
    .replace(/[._-]+$/, '')
    .slice(0, 100 - extension.length)
    .replace(/[._-]+$/, '');
  return `${stem || 'file'}${extension}`;
}

export const storageKeys = {
  /** Everything a user owns: deleting this prefix deletes all of their files. */
  userPrefix: (userId: string) => `users/${id('user id', userId)}/`,
  /** Every stored upload of a user. */
  uploadsPrefix: (userId: string) => `users/${id('user id', userId)}/uploads/`,
  /** The stored file of one upload. */
  upload: (userId: string, uploadId: string, fileName: string) =>
    `users/${id('user id', userId)}/uploads/${id('upload id', uploadId)}/${safeKeyName(fileName)}`,
  /** Everything one job stored (every stage). */
  jobPrefix: (userId: string, jobId: string) => `users/${id('user id', userId)}/jobs/${id('job id', jobId)}/`,
  /** One output file of one stage of a job. */
  jobFile: (userId: string, jobId: string, stage: string, fileName: string) =>
    `users/${id('user id', userId)}/jobs/${id('job id', jobId)}/${segment('stage', stage)}/${safeKeyName(fileName)}`,
  /** Files of one cloned voice (its reference sample and preview). */
  clonedVoiceFile: (userId: string, voiceId: string, fileName: string) =>
    `users/${id('user id', userId)}/voices/${id('voice id', voiceId)}/${safeKeyName(fileName)}`,
  /**
   * The cached preview sample of a library voice (shared by all users). The voice key is hashed
   * into the name, so ids with `:` `/` `+` stay valid keys and two voices never share a file.
   */
  voicePreview: (voiceKeyHash: string) => `voices/previews/${id('voice key hash', voiceKeyHash)}.mp3`,
  /** Every file of one dubbing project (media, poster, peaks, stems, takes): deleting the project deletes this prefix. */
  dubbingPrefix: (userId: string, projectId: string) => `users/${id('user id', userId)}/dubbing/${id('project id', projectId)}/`,
  /** One file of a dubbing project (`fileName` may hold one folder: `takes/es-l0001-ab12cd34.wav`). */
  dubbingFile: (userId: string, projectId: string, fileName: string) =>
    `users/${id('user id', userId)}/dubbing/${id('project id', projectId)}/${fileName.split('/').map((part) => safeKeyName(part)).join('/')}`,
  /** Derived files of an upload (thumbnail, waveform peaks). */
  uploadDerived: (userId: string, uploadId: string, fileName: string) =>
    `users/${id('user id', userId)}/uploads/${id('upload id', uploadId)}/derived/${safeKeyName(fileName)}`,
} as const;

/** Whether a key (from a URL) is well formed: relative, `/`-separated, no empty, `.` or `..` segment. */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || key.startsWith('/') || key.endsWith('/')) return false;
  return key.split('/').every((part) => SEGMENT.test(part) && part !== '.' && !part.includes('..'));
}

/** Whether the key lies in the user's own folder. */
export function isOwnedBy(key: string, userId: string): boolean {
  return ID.test(userId) && key.startsWith(`users/${userId}/`);
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/** The Content-Type to serve a key with, from its extension; `application/octet-stream` when unknown. */
export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const extension = dot >= 0 ? key.slice(dot + 1).toLowerCase() : '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
