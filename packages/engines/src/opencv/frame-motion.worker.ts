/**
 * The erasure's first pass, its second thread (`frame-motion-thread.ts`): the camera's motion between
 * consecutive frames of the whole picture, from the half-size luma the owner sends frame after frame.
 * The same chain as it was on the owner's thread: each frame's pyramid (the exclusion levels made once
 * per set of masks), the search started from the previous pair's motion, no prediction after a cut.
 * Node loads this file itself (type stripping), under Vitest too.
 */
import { parentPort } from 'node:worker_threads';
import { estimatePyramidShift, pyramidOf, type Pyramid, type Shift } from './global-motion.ts';
import type { FromFrameMotionThread, ToFrameMotionThread } from './frame-motion-thread.ts';
import { CUT_RESIDUAL } from './scene-plates.ts';

const port = parentPort!;
/** Per set of masks: the exclusion map's levels (the first sent by the owner, the smaller ones made here once), until the owner says to forget them. */
const excludeLevels = new Map<string, Array<Uint8Array | undefined>>();
let previous: Pyramid | undefined;
// The pyramid of the frame before the previous (no longer used): its memory holds the next frame's smaller levels.
let spare: Pyramid | undefined;
let motion: Shift | undefined;

port.on('message', (message: ToFrameMotionThread) => {
  try {
    for (const key of message.forget ?? []) excludeLevels.delete(key);
    if (message.exclude && message.maskKey !== null) excludeLevels.set(message.maskKey, [message.exclude]);
    const levels = message.maskKey === null ? undefined : excludeLevels.get(message.maskKey);
    if (message.maskKey !== null && !levels) throw new Error(`frame ${message.index}: masks ${message.maskKey} were never sent`);
    const pyramid = pyramidOf({ data: message.half, width: message.width, height: message.height }, levels?.[0], levels, spare);
    if (levels) for (const [level, { exclude }] of pyramid.levels.entries()) levels[level] ??= exclude;
    let reply: FromFrameMotionThread = { index: message.index, shift: null };
    if (previous) {
      const shift = estimatePyramidShift(previous, pyramid, { maxShift: message.maxShift, predicted: motion });
      // After a cut the next motion is not predicted by this one.
      motion = shift.residual > CUT_RESIDUAL ? undefined : shift;
      reply = { index: message.index, shift: { dx: shift.dx, dy: shift.dy, residual: shift.residual } };
    }
    spare = previous;
    previous = pyramid;
    port.postMessage(reply);
  } catch (error) {
    port.postMessage({ index: message.index, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } satisfies FromFrameMotionThread);
  }
});
