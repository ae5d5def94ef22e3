import { access } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { localScratchFiles } from './local-scratch-files.ts';

const exists = (file: string) => access(file).then(() => true, () => false);

describe('localScratchFiles', () => {
  const scratch = localScratchFiles();

  it('keeps files inside the scratch folder and removes it afterwards', async () => {
    let inside = '';
    const read = await scratch.inScratchFolder('scratch-test', async (file) => {
      inside = file('notes.txt');
      expect(path.dirname(file('../../escape.txt'))).toBe(path.dirname(inside));
      await scratch.writeText(inside, 'héllo 你好');
      return scratch.readText(inside);
    });
    expect(read).toBe('héllo 你好');
    expect(path.basename(path.dirname(inside))).toMatch(/^voxwork-scratch-test-/);
    expect(await exists(path.dirname(inside))).toBe(false);
  });

  it('removes the folder when the work fails', async () => {
    let folder = '';
    await expect(
      scratch.inScratchFolder('scratch-test', async (file) => {
        folder = path.dirname(file('x'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await exists(folder)).toBe(false);
  });

  it('copies a stream to a file and reads a file as a data URL', async () => {
    await scratch.inScratchFolder('scratch-test', async (file) => {
      await scratch.saveStream(Readable.from([Buffer.from('RIFF'), Buffer.from([0, 1, 2])]), file('upload.bin'));
      expect(await scratch.dataUrl(file('upload.bin'), 'audio/wav')).toBe(`data:audio/wav;base64,${Buffer.from([...Buffer.from('RIFF'), 0, 1, 2]).toString('base64')}`);
    });
  });
});
