import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zip-stream.ts';

const entryOf = (name: string, bytes: Buffer, chunk = 7): ZipEntry => ({
  name,
  size: bytes.length,
  open: async () =>
    (async function* () {
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
    })(),
});

describe('zipStream', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-zip-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes an archive unzip tests clean, with UTF-8 names and every byte as given', async () => {
    const video = Buffer.from(Array.from({ length: 100_003 }, (_, index) => (index * 31) % 256));
    const subtitles = Buffer.from('1\n00:00:00,000 --> 00:00:01,000\n¡Hola, Lin Feng!\n');
    const file = path.join(dir, 'season.zip');
    await pipeline(zipStream([entryOf('E01 The Jade Heir/es-video.mp4', video, 4096), entryOf('E01 The Jade Heir/es-subtitles.srt', subtitles), entryOf('E02 玉宫/empty.txt', Buffer.alloc(0))]), createWriteStream(file));
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    // Python's zipfile reads the UTF-8 flag (unzip's listing depends on the locale).
    const names = execFileSync('python3', ['-c', 'import json, sys, zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))', file], { encoding: 'utf8' });
    expect(JSON.parse(names)).toEqual(['E01 The Jade Heir/es-video.mp4', 'E01 The Jade Heir/es-subtitles.srt', 'E02 玉宫/empty.txt']);
    expect(execFileSync('unzip', ['-p', file, 'E01 The Jade Heir/es-video.mp4']).equals(video)).toBe(true);
    expect(execFileSync('unzip', ['-p', file, 'E01 The Jade Heir/es-subtitles.srt'], { encoding: 'utf8' })).toBe(subtitles.toString());
  });

  it('fails when a file is not the size announced (a truncated download is never a valid zip)', async () => {
    const short = { ...entryOf('a.bin', Buffer.alloc(10)), size: 11 };
    await expect(pipeline(zipStream([short]), createWriteStream(path.join(dir, 'bad.zip')))).rejects.toThrow(/10 bytes, 11 were announced/);
  });
});
