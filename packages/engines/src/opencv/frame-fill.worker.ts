/**
 * The erase pass's second fill thread (`frame-fill-thread.ts`): keeps the window of neighbours' rows the owner sends (views
 * of shared memory), and fills the frames it is asked to in place, with the same function, masks, plates and OpenCV
 * inpainting as the owner, one after another in the order asked. Node loads this file itself (type stripping), under
 * Vitest too.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FrameMasks, type MaskShape } from './erasure-masks.ts';
import type { FromFrameFillThread, FrameFillSetup, ToFrameFillThread } from './frame-fill-thread.ts';
import { inpaintPixels, loadOpenCv } from './opencv-runtime.ts';
import { ScenePlateReader } from './scene-plates.ts';
import { fillFrame, yuvLayout, type NeighbourFrame } from './temporal-fill.ts';

const port = parentPort!;
const setup = workerData as FrameFillSetup;
const layout = yuvLayout(setup.width, setup.height);
// The masks of the frames it may still read, at their places in the owner's list (the same keys, so the same sharing).
const shapes: Array<MaskShape | undefined> = [];
const masks = new FrameMasks(shapes, setup.width, setup.height);
const plates = new ScenePlateReader();
const window = new Map<number, NeighbourFrame>();
const opencv = loadOpenCv();
// Fills run one after another (a plate may be read from disk first); neighbours are taken as they come, in the order sent.
let filling: Promise<void> = Promise.resolve();

/** Lets go of the neighbours (and masks) before frame `oldest`: no frame left to fill reads them. */
function forgetBefore(oldest: number): void {
  for (const key of window.keys()) if (key < oldest) window.delete(key);
  for (const [at, shape] of shapes.entries()) if (shape && shape.lastFrame < oldest) delete shapes[at];
  masks.forgetUnused(window.values());
}

async function fill(index: number, data: Uint8Array): Promise<FromFrameFillThread> {
  const cv = await opencv;
  // Neighbours before the window of this frame are not read again: frames are asked for in increasing order.
  forgetBefore(index - setup.windowFrames);
  const own = window.get(index);
  if (!own) throw new Error(`frame ${index} was never sent`);
  const current: NeighbourFrame = { data, mask: own.mask, position: own.position, bandPosition: own.bandPosition };
  const plate = current.mask ? await plates.at(index) : undefined;
  const { stats } = fillFrame(
    current,
    (offset) => (offset === 0 ? undefined : window.get(index + offset)),
    layout,
    {
      windowFrames: setup.windowFrames,
      temporal: true,
      maxRingDifference: setup.maxRingDifference,
      inpaint: (plane, width, height, indices) => inpaintPixels(cv, plane, width, height, indices, setup.inpaintRadius, setup.algorithm),
    },
    plate,
    true,
  );
  return { index, stats };
}

port.on('message', (message: ToFrameFillThread) => {
  if (message.type === 'neighbour') {
    // Also where no frame is sent to fill (a stretch without masks), what the owner no longer reads goes.
    forgetBefore(message.readFrom);
    for (const { at, shape } of message.shapes) shapes[at] = shape;
    for (const plate of message.plates) plates.add(plate);
    const { rowOffset, rows } = setup.band;
    window.set(message.index, { data: message.data, mask: masks.of(message.index), position: message.position, bandPosition: message.bandPosition, rowOffset, rows });
    return;
  }
  filling = filling.then(async () => {
    try {
      port.postMessage(await fill(message.index, message.data));
    } catch (error) {
      port.postMessage({ index: message.index, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } satisfies FromFrameFillThread);
    }
  });
});
