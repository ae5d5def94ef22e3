/**
 * The erase pass's second fill thread (`frame-fill.worker.ts`, decision 087). Each masked frame is filled from decoded
 * frames only (its neighbours' rows, the still scene's plate, the picture around the hole), never from another frame's
 * fill, so frames can be filled on two threads in any order and give the same bytes. The owner decodes into frames backed
 * by `SharedArrayBuffer`s: it sends the thread every neighbour's rows as they are copied out (a view, no copy) and, for the
 * frames the thread is to fill, the whole frame, which the thread fills in place; the owner writes the frames to the
 * encoder in order. The thread keeps the same window, masks (`FrameMasks`) and plates (`ScenePlateReader`) as the owner.
 */
import { Worker } from 'node:worker_threads';
import type { MaskShape } from './erasure-masks.ts';
import type { Shift } from './global-motion.ts';
import type { InpaintAlgorithm } from './opencv-runtime.ts';
import type { StoredPlate } from './scene-plates.ts';
import type { FillStats } from './temporal-fill.ts';

/** The options, sent once when the thread starts; what the first pass measured comes frame by frame with the neighbours. */
export interface FrameFillSetup {
  width: number;
  height: number;
  windowFrames: number;
  maxRingDifference: number;
  inpaintRadius: number;
  algorithm: InpaintAlgorithm;
  /** The luma rows neighbours hold (`neighbourRows`). */
  band: { rowOffset: number; rows: number };
}

/** Frame `index` as decoded: its rows, and what the thread needs first at this frame. */
export interface FillNeighbour {
  index: number;
  /** The frame's rows: a view of shared memory the owner does not change while a frame within the window of it is unfilled. */
  data: Uint8Array;
  position: Shift;
  bandPosition: Shift | undefined;
  /** The masks (with their place in the owner's list) whose first frame this is, as the first pass left them. */
  shapes: Array<{ at: number; shape: MaskShape }>;
  /** The still scenes' plates whose first frame this is. */
  plates: StoredPlate[];
  /** No frame before this one will be read again (the window of the oldest frame not yet written begins here). */
  readFrom: number;
}

export type ToFrameFillThread =
  | ({ type: 'neighbour' } & FillNeighbour)
  /** Fill frame `index` (the whole picture, shared memory) in place; every neighbour within the window has been sent. */
  | { type: 'fill'; index: number; data: Uint8Array };

export type FromFrameFillThread = { index: number; stats: FillStats } | { index: number; error: string };

/** Where the camera is in frame `index` (the last known position past the end). */
export const positionOf = (positions: readonly Shift[], index: number): Shift => positions[index] ?? positions.at(-1) ?? { dx: 0, dy: 0 };
/** The same measured on the masks' rows alone, when it was. */
export const bandPositionOf = (bandPositions: readonly Shift[] | undefined, index: number): Shift | undefined => (bandPositions ? (bandPositions[index] ?? bandPositions.at(-1)) : undefined);

/** A frame sent must be shared memory: a copy would be filled, or a neighbour copied every frame. */
function checkShared(message: ToFrameFillThread): void {
  if (!(message.data.buffer instanceof SharedArrayBuffer)) throw new TypeError(`frame ${message.index} is not in shared memory: the fill thread would fill a copy`);
}

export class FrameFillThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (stats: FillStats) => void; reject: (error: Error) => void }>();
  #failure: Error | undefined;

  constructor(setup: FrameFillSetup) {
    this.#worker = new Worker(new URL('./frame-fill.worker.ts', import.meta.url), { name: 'erasure-fill', workerData: setup });
    this.#worker.on('message', (answer: FromFrameFillThread) => {
      const waiter = this.#waiting.get(answer.index);
      this.#waiting.delete(answer.index);
      if (!waiter) return this.#fail(new Error(`the fill thread answered frame ${answer.index}, which it was not asked for`));
      if ('error' in answer) waiter.reject(new Error(`fill of frame ${answer.index}: ${answer.error}`));
      else waiter.resolve(answer.stats);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the fill thread ended (exit code ${code})`)));
  }

  /** Frames sent to fill and not answered yet. */
  get pending(): number {
    return this.#waiting.size;
  }

  /** The next frame decoded (frames in order from 0). */
  neighbour(frame: FillNeighbour): void {
    const message: ToFrameFillThread = { type: 'neighbour', ...frame };
    checkShared(message);
    this.#worker.postMessage(message);
  }

  /** Fills frame `index` (shared memory) in place on the thread; resolves with what the fill did once it is written. */
  fill(index: number, data: Uint8Array): Promise<FillStats> {
    const message: ToFrameFillThread = { type: 'fill', index, data };
    checkShared(message);
    return new Promise((resolve, reject) => {
      if (this.#failure) return reject(this.#failure);
      this.#waiting.set(index, { resolve, reject });
      this.#worker.postMessage(message);
    });
  }

  /** Ends the thread (also when the pass stopped early); frames still being filled are left as they are. */
  async close(): Promise<void> {
    this.#failure ??= new Error('the fill thread was closed');
    this.#worker.removeAllListeners('exit');
    await this.#worker.terminate();
    this.#fail(this.#failure);
  }


  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiter of this.#waiting.values()) waiter.reject(this.#failure);
    this.#waiting.clear();
  }
}
