import { open } from 'node:fs/promises';
import type { MediaInspector } from '@voxwork/core';
import { declaredVideoSizeArgs, packetTimesArgs, parseDeclaredVideoSize, parseLastPacketEnd, parseProbeOutput, probeArgs, readPictureHeader, runFfprobe } from '@voxwork/media';
import { fileTypeFromBuffer } from 'file-type';

const SNIFF_BYTES = 64 * 1024;

/**
 * Magic bytes through `file-type` (first 64 KiB), picture sizes from headers (our reader for
 * images, ffprobe without decoding for video containers), streams and duration through `ffprobe`.
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
        const { stdout } = await runFfprobe(probeArgs(source.path, probeOptions), { timeoutMs });
        const info = parseProbeOutput(stdout);
        if (!info.streams.length) return undefined;
        // A container without a duration (a browser's MediaRecorder WebM): the packets tell it.
        if (!(info.durationSeconds && info.durationSeconds > 0) && (info.audio || info.video)) {
          const packets = await runFfprobe(packetTimesArgs(source.path, info.audio ? 'a' : 'v'), { timeoutMs });
          const end = parseLastPacketEnd(packets.stdout);
          if (end && end > 0) return { ...info, durationSeconds: end };
        }
        return info;
      } catch {
        return undefined;
      }
    },
  };
}
