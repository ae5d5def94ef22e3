import { describe, expect, it } from 'vitest';
import { contentTypeForKey, isOwnedBy, isValidStorageKey, safeKeyName, storageKeys } from './storage-keys.ts';

describe('storage keys', () => {
  it('computes the key of every kind of file', () => {
    expect(storageKeys.upload('user_1', 'up-1', 'My Video.MP4')).toBe('users/user_1/uploads/up-1/My_Video.mp4');
    expect(storageKeys.jobFile('user_1', 'job-9', 'synthesize', 'sentence 01.wav')).toBe('users/user_1/jobs/job-9/synthesize/sentence_01.wav');
    expect(storageKeys.uploadDerived('u', 'a', 'peaks.json')).toBe('users/u/uploads/a/derived/peaks.json');
    expect(storageKeys.userPrefix('u')).toBe('users/u/');
    expect(storageKeys.jobPrefix('u', 'j')).toBe('users/u/jobs/j/');
  });

  it('never lets a name, id or stage climb out of its folder', () => {
    expect(safeKeyName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeKeyName('..')).toBe('file');
    expect(safeKeyName('.hidden.mp3')).toBe('hidden.mp3');
    expect(safeKeyName('配音 成品.wav')).toBe('file.wav');
    expect(safeKeyName('a\u0000b\nc.mp4')).toBe('a_b_c.mp4');
    expect(safeKeyName(`${'x'.repeat(300)}.webm`)).toHaveLength(100);
    expect(safeKeyName(`${'x'.repeat(300)}.webm`).endsWith('.webm')).toBe(true);
    expect(() => storageKeys.upload('../u', 'a', 'b')).toThrow(/user id/);
    expect(() => storageKeys.upload('u', 'a/b', 'b')).toThrow(/upload id/);
    expect(() => storageKeys.jobFile('u', 'j', '..', 'b')).toThrow(/stage/);
    for (const name of ['../x', 'a/../../b', '.', 'a//b', '/abs', 'a/', 'a\\b', 'a/.x']) {
      expect(isValidStorageKey(name), name).toBe(false);
    }
    expect(isValidStorageKey(storageKeys.upload('u', 'a', 'b.mp4'))).toBe(true);
  });

  it('knows ownership and content types', () => {
    expect(isOwnedBy('users/u1/uploads/a/b.mp4', 'u1')).toBe(true);
    expect(isOwnedBy('users/u10/uploads/a/b.mp4', 'u1')).toBe(false);
    expect(contentTypeForKey('x/a.MP4')).toBe('video/mp4');
    expect(contentTypeForKey('x/a.wav')).toBe('audio/wav');
    expect(contentTypeForKey('x/a')).toBe('application/octet-stream');
  });
});
