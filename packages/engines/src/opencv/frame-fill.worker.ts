/**
 * The erase pass's second fill thread (`frame-fill-thread.ts`): keeps the window of neighbours' rows the owner sends (views
 * of shared memory), and fills the frames it is asked to in place, with the same function, masks, plates and OpenCV
 * inpainting as the owner, one after another in the order asked. Node loads this file itself (type stripping), under
 * Vitest too.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FrameMasks } from './erasure-masks.ts';
import { bandPositionOf, positionOf, type FromFrameFillThread, type FrameFillSetup, type ToFrameFillThread } from './frame-fill-thread.ts';
import { inpaintPixels, loadOpenCv } from './opencv-runtime.ts';
import { ScenePlateReader } from './scene-plates.ts';
import { fillFrame, yuvLayout, type NeighbourFrame } from './temporal-fill.ts';

const port = parentPort!;
const setup = workerData as FrameFillSetup;
const layout = yuvLayout(setup.width, setup.height);
const masks = new FrameMasks(setup.shapes, setup.width, setup.height);
const plates = new ScenePlateReader(setup.plates);
const window = new Map<number, NeighbourFrame>();
const opencv = loadOpenCv();
// Fills run one after another (a plate may be read from disk first); neighbours are taken as they come, in the order sent.
let filling: Promise<void> = Promise.resolve();

async function fill(index: number, data: Uint8Array): Promise<FromFrameFillThread> {
  const cv = await opencv;
  // Neighbours beyond the window of this frame are not read again (frames are asked for in increasing order).
  for (const key of window.keys()) if (key < index - setup.windowFrames) window.delete(key);
  masks.forgetUnused(window.values());
  const current: NeighbourFrame = { data, mask: masks.of(index), position: positionOf(setup.positions, index), bandPosition: bandPositionOf(setup.bandPositions, index) };
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
    const { rowOffset, rows } = setup.band;
    window.set(message.index, { data: message.data, mask: masks.of(message.index), position: positionOf(setup.positions, message.index), bandPosition: bandPositionOf(setup.bandPositions, message.index), rowOffset, rows });
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
