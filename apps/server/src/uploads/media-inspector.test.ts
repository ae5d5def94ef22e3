import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { UploadSource } from '@voxwork/core';
import { lastPacketEnd, probeMedia } from '@voxwork/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeForgedMp4 } from '../../../../tests/support/forged-duration.ts';
import { createMediaInspector } from './media-inspector.ts';

async function sourceOf(file: string): Promise<UploadSource> {
  return { path: file, size: (await stat(file)).size, open: () => createReadStream(file) };
}

describe('media inspector: the duration a file is billed for', () => {
  let dir: string;
  let forged: string;
  let silentForged: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'voxwork-inspector-'));
    forged = await makeForgedMp4(dir, { seconds: 150, claimedSeconds: 5 });
    silentForged = await makeForgedMp4(dir, { seconds: 150, claimedSeconds: 5, audio: false, name: 'silent.mp4' });
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a 150 s MP4 whose mvhd/tkhd/mdhd claim 5 s is measured from its packets: 150 s', async () => {
    // The forgery works on the header: ffprobe's format and streams say 5 s.
    const claimed = await probeMedia(forged);
    expect(claimed.durationSeconds).toBeCloseTo(5, 1);
    expect(claimed.video?.durationSeconds).toBeCloseTo(5, 1);
    expect(claimed.audio?.durationSeconds).toBeCloseTo(5, 1);

    const inspected = await createMediaInspector().probe(await sourceOf(forged));
    expect(inspected?.durationSeconds).toBeGreaterThanOrEqual(150);
    expect(inspected?.durationSeconds).toBeLessThan(150.5);
    // A video track alone (no audio to give the length away) is measured the same way.
    const silent = await createMediaInspector().probe(await sourceOf(silentForged));
    expect(silent?.audio).toBeUndefined();
    expect(silent?.durationSeconds).toBeGreaterThanOrEqual(150);
  });

  it('an honest MP4 of exactly 60 s (H.264 + AAC) is measured 60 s, not into a second paid minute', async () => {
    const minute = path.join(dir, 'minute.mp4');
    await promisify(execFile)('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=2:duration=60', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=60', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '16k', minute]);
    expect(await lastPacketEnd(minute)).toBeCloseTo(60, 2);
    const inspected = await createMediaInspector().probe(await sourceOf(minute));
    expect(inspected?.durationSeconds).toBe(60);
  });
});
