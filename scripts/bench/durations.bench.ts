/**
 * bench:durations — what measuring a file's length from its packets costs (issue 30, decision 042):
 * on a generated MP4 (H.264 320×180 at 25 fps + AAC 48 kHz, moov first; `--minutes` long), the
 * header-only ffprobe (`probeMedia`), the packet listing folded to its last end (`lastPacketEnd`)
 * and both together as uploads and ingest run them (`measureMedia`): wall time (and the CPU this
 * process spends folding the listing), packets read, the length found. Figures, not assertions. `--file` measures a file of your own instead.
 *   npm run bench:durations [-- --minutes 60 --runs 3 --file path.mp4]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { lastPacketEnd, measureMedia, probeMedia } from '../../packages/media/src/index.ts';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '60' }, runs: { type: 'string', default: '3' }, file: { type: 'string' } } });
const runs = Number(values.runs);
const seconds = Number(values.minutes) * 60;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const dir = await mkdtemp(path.join(tmpdir(), 'bench-durations-'));
try {
  let file = values.file;
  if (!file) {
    file = path.join(dir, 'long.mp4');
    console.info(`making a ${values.minutes}-minute MP4 (320×180 H.264 at 25 fps + AAC 48 kHz; takes a few minutes)…`);
    await promisify(execFile)('ffmpeg', [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc=size=320x180:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', file,
    ]);
  }
  console.info(`${file}: ${((await stat(file)).size / 2 ** 20).toFixed(1)} MiB`);
  const time = async <T>(work: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> => {
    const began = performance.now();
    const cpu = process.cpuUsage();
    const value = await work();
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - began, cpuMs: (used.user + used.system) / 1000, value };
  };
  const parsing: number[] = [];
  const header: number[] = [];
  const packets: number[] = [];
  const measured: number[] = [];
  let found: { header?: number | undefined; packets?: number | undefined; measured?: number | undefined } = {};
  for (let run = 0; run < runs; run++) {
    const a = await time(() => probeMedia(file));
    const b = await time(() => lastPacketEnd(file));
    const c = await time(() => measureMedia(file));
    header.push(a.ms);
    packets.push(b.ms);
    parsing.push(b.cpuMs);
    measured.push(c.ms);
    found = { header: a.value.durationSeconds, packets: b.value, measured: c.value.durationSeconds };
  }
  const counted = await promisify(execFile)('ffprobe', ['-v', 'error', '-count_packets', '-show_entries', 'stream=codec_type,nb_read_packets', '-of', 'csv=p=0', file]);
  console.info(`packets per stream: ${counted.stdout.trim().replace(/\n/g, '; ')}`);
  console.info(`lengths: header ${found.header} s, last packet end ${found.packets} s, measured ${found.measured} s`);
  console.info(`median of ${runs}: header-only ffprobe ${median(header).toFixed(0)} ms; packet listing ${median(packets).toFixed(0)} ms (of which this process's CPU, folding the lines: ${median(parsing).toFixed(0)} ms); measureMedia (both) ${median(measured).toFixed(0)} ms`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
