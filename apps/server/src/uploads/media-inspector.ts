import { open } from 'node:fs/promises';
import type { MediaInspector } from '@voxwork/core';
import { packetTimesArgs, parseLastPacketEnd, parseProbeOutput, probeArgs, runFfprobe } from '@voxwork/media';
import { fileTypeFromBuffer } from 'file-type';

const SNIFF_BYTES = 64 * 1024;

/** Magic bytes through `file-type` (first 64 KiB), streams and duration through `ffprobe`. */
export function createMediaInspector(options: { probeTimeoutMs?: number } = {}): MediaInspector {
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
    async probe(source) {
      try {
        const { stdout } = await runFfprobe(probeArgs(source.path), { timeoutMs: options.probeTimeoutMs ?? 60_000 });
        const info = parseProbeOutput(stdout);
        if (!info.streams.length) return undefined;
        // A container without a duration (a browser's MediaRecorder WebM): the packets tell it.
        if (!(info.durationSeconds && info.durationSeconds > 0) && (info.audio || info.video)) {
          const packets = await runFfprobe(packetTimesArgs(source.path, info.audio ? 'a' : 'v'), { timeoutMs: options.probeTimeoutMs ?? 60_000 });
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
