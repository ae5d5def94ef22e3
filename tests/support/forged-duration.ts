import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A forged MP4 (issue 30): the header boxes that state a duration — `mvhd` (the movie), each
 * track's `tkhd` and `mdhd` — are rewritten to claim `seconds`, while every packet (the sample
 * tables) stays in the file. ffprobe's format and stream durations then say `seconds`; ffmpeg still
 * decodes, and players still play, the whole length. (Edit lists are left alone: ffmpeg honours an
 * `elst`, so a file whose edit list claims 5 s is processed as 5 s and is not a forgery that pays.)
 */

const CONTAINERS = new Set(['moov', 'trak', 'mdia']);

function* boxes(buffer: Buffer, start: number, end: number): Generator<{ type: string; start: number; body: number; end: number }> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    let body = offset + 8;
    if (size === 1) {
      size = Number(buffer.readBigUInt64BE(offset + 8));
      body = offset + 16;
    } else if (size === 0) size = end - offset;
    if (size < 8 || offset + size > end) return;
    yield { type, start: offset, body, end: offset + size };
    offset += size;
  }
}

function writeUint(buffer: Buffer, offset: number, value: number, wide: boolean): void {
  if (wide) buffer.writeBigUInt64BE(BigInt(value), offset);
  else buffer.writeUInt32BE(value, offset);
}

/** A copy of `mp4` whose `mvhd`, `tkhd` and `mdhd` durations say `seconds`. Throws when the file has no `mvhd`. */
export function forgeMp4Duration(mp4: Buffer, seconds: number): Buffer {
  const out = Buffer.from(mp4);
  let movieTimescale: number | undefined;
  let patched = 0;
  const walk = (start: number, end: number) => {
    for (const box of boxes(out, start, end)) {
      if (CONTAINERS.has(box.type)) {
        walk(box.body, box.end);
        continue;
      }
      if (box.type !== 'mvhd' && box.type !== 'tkhd' && box.type !== 'mdhd') continue;
      const version = out.readUInt8(box.body);
      const wide = version === 1;
      const field = wide ? 8 : 4;
      if (box.type === 'mvhd') {
        // version/flags, creation, modification, timescale, duration
        const timescaleAt = box.body + 4 + 2 * field;
        movieTimescale = out.readUInt32BE(timescaleAt);
        writeUint(out, timescaleAt + 4, Math.round(seconds * movieTimescale), wide);
        patched++;
      } else if (box.type === 'tkhd') {
        if (movieTimescale === undefined) throw new Error('tkhd before mvhd');
        // version/flags, creation, modification, track id, reserved, duration (movie timescale)
        writeUint(out, box.body + 4 + 2 * field + 8, Math.round(seconds * movieTimescale), wide);
        patched++;
      } else if (box.type === 'mdhd') {
        // version/flags, creation, modification, timescale, duration (the track's timescale)
        const timescaleAt = box.body + 4 + 2 * field;
        writeUint(out, timescaleAt + 4, Math.round(seconds * out.readUInt32BE(timescaleAt)), wide);
        patched++;
      }
    }
  };
  walk(0, out.length);
  if (!patched || movieTimescale === undefined) throw new Error('no mvhd box: not an MP4 this forger knows');
  return out;
}

/**
 * A real `seconds`-long MP4 (tiny H.264 picture at 2 fps and a quiet AAC tone, moov first), made by
 * ffmpeg, whose headers claim `claimedSeconds`: written to `dir` as `name`, the path returned.
 */
export async function makeForgedMp4(dir: string, options: { seconds: number; claimedSeconds: number; name?: string; audio?: boolean }): Promise<string> {
  const real = path.join(dir, `real-${options.seconds}s.mp4`);
  const audio = options.audio ?? true;
  await promisify(execFile)('ffmpeg', [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=64x48:rate=2:duration=${options.seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${options.seconds}`, '-c:a', 'aac', '-b:a', '16k'] : []),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', real,
  ]);
  const forged = path.join(dir, options.name ?? `forged-${options.seconds}s-as-${options.claimedSeconds}s.mp4`);
  await writeFile(forged, forgeMp4Duration(await readFile(real), options.claimedSeconds));
  return forged;
}
