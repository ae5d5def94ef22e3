import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispositionFileName, multipartBoundary, MultipartError, MultipartTooLargeError, writeMultipartFile } from './multipart-file.ts';

const BOUNDARY = '----VoxworkBoundary7MA4YWxkTrZu0gW';

function body(parts: { name: string; fileName?: string; content: Buffer | string }[]): Buffer {
  const pieces = parts.flatMap((part) => [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"` : ''}\r\n${part.fileName !== undefined ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
    part.content,
    '\r\n',
  ]);
  return Buffer.concat([...pieces, `--${BOUNDARY}--\r\n`].map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
}

/** The body cut into chunks of `size` bytes, so boundaries fall across chunk edges. */
const chunked = (buffer: Buffer, size: number) => Readable.from(Array.from({ length: Math.ceil(buffer.length / size) }, (_, index) => buffer.subarray(index * size, (index + 1) * size)));

describe('multipart file parts', () => {
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(path.join(tmpdir(), 'voxwork-multipart-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the boundary and file names', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/octet-stream')).toBeUndefined();
    expect(dispositionFileName('Content-Disposition: form-data; name="file"; filename="my clip.mp4"')).toBe('my clip.mp4');
    expect(dispositionFileName(`Content-Disposition: form-data; name="file"; filename="x.mp4"; filename*=UTF-8''${encodeURIComponent('配音.mp4')}`)).toBe('配音.mp4');
    expect(dispositionFileName('Content-Disposition: form-data; name="title"')).toBeUndefined();
  });

  it('streams the file part whatever the chunking, skipping other fields', async () => {
    const content = Buffer.from(Array.from({ length: 200_000 }, (_, index) => (index * 7) % 256));
    // The content contains CRLF and dashes that look like a boundary start.
    const tricky = Buffer.concat([Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}\r\n`), content]);
    const payload = body([{ name: 'title', content: 'holiday' }, { name: 'file', fileName: 'clip.mp4', content: tricky }, { name: 'after', content: 'x' }]);
    for (const size of [1, 7, 64, 4096, payload.length]) {
      const file = path.join(dir, `out-${size}`);
      const result = await writeMultipartFile(chunked(payload, size), BOUNDARY, file, 1 << 20);
      expect(result, `chunk size ${size}`).toEqual({ fileName: 'clip.mp4', bytes: tricky.length });
      expect((await readFile(file)).equals(tricky), `chunk size ${size}`).toBe(true);
    }
  });

  it('refuses bodies without a file, cut short or too large', async () => {
    const noFile = body([{ name: 'title', content: 'holiday' }]);
    await expect(writeMultipartFile(chunked(noFile, 5), BOUNDARY, path.join(dir, 'a'), 1000)).rejects.toBeInstanceOf(MultipartError);
    const full = body([{ name: 'file', fileName: 'a.mp4', content: 'x'.repeat(5000) }]);
    await expect(writeMultipartFile(chunked(full.subarray(0, 3000), 100), BOUNDARY, path.join(dir, 'b'), 10_000)).rejects.toThrow(/ended inside the file/);
    await expect(writeMultipartFile(chunked(full, 100), BOUNDARY, path.join(dir, 'c'), 1000)).rejects.toBeInstanceOf(MultipartTooLargeError);
    await expect(writeMultipartFile(chunked(Buffer.from('not multipart at all'), 5), BOUNDARY, path.join(dir, 'd'), 1000)).rejects.toBeInstanceOf(MultipartError);
  });
});
