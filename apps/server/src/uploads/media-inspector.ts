import { open } from 'node:fs/promises';
import type { MediaInspector } from '@voxwork/core';
import { declaredVideoSizeArgs, measureMedia, parseDeclaredVideoSize, readPictureHeader, runFfprobe } from '@voxwork/media';
import { fileTypeFromBuffer } from 'file-type';

const SNIFF_BYTES = 64 * 1024;

/**
 * Magic bytes through `file-type` (first 64 KiB), picture sizes from headers (our reader for
 * images, ffprobe without decoding for video containers), streams through `ffprobe`, the duration
 * measured from the packets (`measureMedia`).
 */
export function createMediaInspector(options: { probeTimeoutMs?: number } = {}): MediaInspector {
  const timeoutMs = options.probeTimeoutMs ?? 60_000;
  return {
    async sniff(source) {
      const handle = await open(source.path, 'r');
      try {
        const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, source.size));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        const type = await fileTypeFromBuffer(buffer.subarray(0, bytesRead));
        return type ? { mime: type.mime, extension: type.ext } : undefined;
      } finally {
        await handle.close();
      }
    },
    async pictureSize(source, kind) {
      if (kind === 'video') {
        try {
          return parseDeclaredVideoSize((await runFfprobe(declaredVideoSizeArgs(source.path), { timeoutMs })).stdout);
        } catch {
          return undefined;
        }
      }
      const handle = await open(source.path, 'r');
      try {
        const header = await readPictureHeader(async (offset, length) => {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, offset);
          return buffer.subarray(0, bytesRead);
        });
        return header ? { width: header.width, height: header.height } : undefined;
      } finally {
        await handle.close();
      }
    },
    async probe(source, probeOptions = {}) {
      try {
        // The duration is measured, not read from the header: the largest of the container's, the
        // streams' and the last packet's end (issue 30: an MP4 whose headers claim 5 s over 150 s of
        // packets; a MediaRecorder WebM that claims nothing). Packets are read, never decoded.
        const info = await measureMedia(source.path, { timeoutMs, ...(probeOptions.maxPixels ? { maxPixels: probeOptions.maxPixels } : {}) });
        return info.streams.length ? info : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
