import { execFile } from 'node:child_process';
import { mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileFacts } from './file-facts.ts';
import { probeMedia } from './media-tools.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-facts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A FileFacts whose reads are counted. */
function counted() {
  const facts = new FileFacts<{ reads: number; list: number[] }>(3);
  let reads = 0;
  const read = () => Promise.resolve({ reads: ++reads, list: [1, 2] });
  return { facts, read, reads: () => reads };
}

describe('FileFacts', () => {
  it('reads an unchanged file once; a rewrite, a touch or a file renamed over it is read again', async () => {
    const file = path.join(dir, 'a.bin');
    await writeFile(file, 'one');
    const { facts, read, reads } = counted();
    expect((await facts.get('k', file, read)).reads).toBe(1);
    expect((await facts.get('k', path.join(dir, '.', 'a.bin'), read)).reads).toBe(1);
    expect(reads()).toBe(1);
    // Another kind of facts of the same file is its own entry.
    expect((await facts.get('other', file, read)).reads).toBe(2);

    await writeFile(file, 'longer');
    expect((await facts.get('k', file, read)).reads).toBe(3);
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    expect((await facts.get('k', file, read)).reads).toBe(4);
    const replacement = path.join(dir, 'b.bin');
    await writeFile(replacement, 'longer');
    await rename(replacement, file);
    expect((await facts.get('k', file, read)).reads).toBe(5);
    expect((await facts.get('k', file, read)).reads).toBe(5);
  });

  it('reads what is not a regular file every time (missing, a folder, a URL)', async () => {
    const { facts, read, reads } = counted();
    for (const input of [path.join(dir, 'missing.bin'), dir, 'https://example.com/a.mp4', 'sine=frequency=440']) {
      await facts.get('k', input, read);
      await facts.get('k', input, read);
    }
    expect(reads()).toBe(8);
    expect(facts.size).toBe(0);
  });

  it('keeps no failure, gives each caller its own copy, and holds at most its capacity', async () => {
    const file = path.join(dir, 'c.bin');
    await writeFile(file, 'c');
    const { facts, read, reads } = counted();
    await expect(facts.get('k', file, () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    const first = await facts.get('k', file, read);
    first.list.push(3);
    expect((await facts.get('k', file, read)).list).toEqual([1, 2]);
    expect(reads()).toBe(1);

    const others = ['d', 'e', 'f'].map((name) => path.join(dir, `${name}.bin`));
    for (const other of others) {
      await writeFile(other, other);
      await facts.get('k', other, read);
    }
    expect(facts.size).toBe(3);
    // c.bin, used least recently, was dropped: read again.
    await facts.get('k', file, read);
    expect(reads()).toBe(5);
  });
});

describe('probeMedia', () => {
  it('says what a file rewritten in place now holds', async () => {
    const file = path.join(dir, 'tone.wav');
    const tone = (seconds: number, rate: number) =>
      run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${rate}:duration=${seconds}`, '-c:a', 'pcm_s16le', file]);
    await tone(1, 16000);
    expect((await probeMedia(file)).audio?.sampleRate).toBe(16000);
    expect((await probeMedia(file)).audio?.sampleRate).toBe(16000);
    // The same length at another rate: another size, so another identity.
    await tone(1, 22050);
    expect((await probeMedia(file)).audio?.sampleRate).toBe(22050);
  });
});
