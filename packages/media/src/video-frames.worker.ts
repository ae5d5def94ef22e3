/**
 * The frame reader's thread (`video-frames-thread.ts`): runs ffmpeg for the owner's argument list,
 * splits its output into frames as `readRawVideoFrames` does, and sends each frame to the owner
 * (its memory moved, not copied) while the owner may have at most `readAhead` frames it has not
 * taken. The thread goes on reading while the owner's thread is blocked (a synchronous inference).
 * Its last message says how the decoding ended; it is sent once ffmpeg has exited.
 * Node loads this file itself (type stripping), under Vitest too.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { streamMediaTool } from './media-runner.ts';
import { serializeError } from './thread-errors.ts';
import { type FrameThreadSetup, type FromFrameThread, type ToFrameThread } from './video-frames-thread.ts';
import { splitFrames } from './video-frames.ts';

const port = parentPort!;
const setup = workerData as FrameThreadSetup;
/** Aborted on the owner's signal (ffmpeg is stopped, the decoding fails as cancelled) and when the owner stops early. */
const controller = new AbortController();
let credit = setup.readAhead;
let stopped = false;
let notify: (() => void) | undefined;
const wake = () => {
  notify?.();
  notify = undefined;
};

const onMessage = (message: ToFrameThread) => {
  if (message.type === 'more') credit++;
  else {
    // 'stop' and 'abort' both stop ffmpeg, also while this thread waits for its output.
    if (message.type === 'stop') stopped = true;
    controller.abort();
  }
  wake();
};
port.on('message', onMessage);

let last: FromFrameThread = { type: 'end' };
try {
  const frames = splitFrames(streamMediaTool('ffmpeg', setup.args, { signal: controller.signal, timeoutMs: setup.timeoutMs }), setup.frameBytes, undefined);
  for await (const frame of frames) {
    if (stopped) break;
    port.postMessage({ type: 'frame', frame } satisfies FromFrameThread, [frame.buffer as ArrayBuffer]);
    credit--;
    while (credit <= 0 && !stopped) await new Promise<void>((resolve) => (notify = resolve));
    if (stopped) break;
  }
} catch (error) {
  last = { type: 'error', error: serializeError(error) };
}
// ffmpeg has exited here, however the decoding ended (`streamMediaTool` waits for it).
port.postMessage(stopped ? ({ type: 'stopped' } satisfies FromFrameThread) : last);
port.off('message', onMessage);
