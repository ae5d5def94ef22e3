/**
 * The whole picture's motion in the erasure's first pass, measured on a second thread
 * (`frame-motion.worker.ts`, decision 085): the owner halves each frame's luma, sends it, and goes on
 * with the rest of the frame's work (the rows around the masks' own motion, the next frame's decoding)
 * while the thread searches the shift; the answers come back in frame order. The thread's chain is the
 * one the owner ran before (the same pyramids, predictions and cuts), so the positions are the same
 * numbers.
 */
import { Worker } from 'node:worker_threads';
import type { ShiftEstimate } from './global-motion.ts';

/** One frame for the thread: its half-size luma and which masks are over it (their map sent with the first frame showing them). */
export interface ToFrameMotionThread {
  index: number;
  half: Uint8Array;
  width: number;
  height: number;
  maxShift: number;
  /** The set of masks over the frame (null: none). */
  maskKey: string | null;
  /** The half-size exclusion map of `maskKey`, sent when the owner made it. */
  exclude?: Uint8Array | undefined;
  /** Sets of masks no later frame shows (a mask of theirs has ended): their maps go. */
  forget?: readonly string[] | undefined;
}

/** The motion from the frame before to this one (null for the first frame), or why it could not be measured. */
export type FromFrameMotionThread = { index: number; shift: ShiftEstimate | null } | { index: number; error: string };

interface Waiter {
  index: number;
  resolve: (shift: ShiftEstimate | null) => void;
  reject: (error: Error) => void;
}

export class FrameMotionThread {
  readonly #worker: Worker;
  readonly #waiting: Waiter[] = [];
  readonly #answers: FromFrameMotionThread[] = [];
  #failure: Error | undefined;
  #sent = 0;

  constructor() {
    this.#worker = new Worker(new URL('./frame-motion.worker.ts', import.meta.url), { name: 'erasure-motion' });
    this.#worker.on('message', (answer: FromFrameMotionThread) => {
      const waiter = this.#waiting.shift();
      if (waiter) this.#settle(waiter, answer);
      else this.#answers.push(answer);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the motion thread ended (exit code ${code})`)));
  }

  /** Sends frame `frame.index` (the frames in order from 0; `half` is copied). */
  send(frame: ToFrameMotionThread): void {
    if (frame.index !== this.#sent) throw new Error(`frame ${frame.index} sent after ${this.#sent - 1}`);
    this.#sent++;
    this.#worker.postMessage(frame);
  }

  /** The answer for the oldest frame not yet asked for (frames are answered in the order sent). */
  next(index: number): Promise<ShiftEstimate | null> {
    return new Promise((resolve, reject) => {
      const waiter = { index, resolve, reject };
      const answer = this.#answers.shift();
      if (answer) this.#settle(waiter, answer);
      else if (this.#failure) reject(this.#failure);
      else this.#waiting.push(waiter);
    });
  }

  /** Ends the thread (also when the pass stopped early). */
  async close(): Promise<void> {
    this.#failure ??= new Error('the motion thread was closed');
    this.#worker.removeAllListeners('exit');
    await this.#worker.terminate();
  }

  #settle(waiter: Waiter, answer: FromFrameMotionThread): void {
    if ('error' in answer) waiter.reject(new Error(`motion of frame ${answer.index}: ${answer.error}`));
    else if (answer.index !== waiter.index) waiter.reject(new Error(`the motion thread answered frame ${answer.index} for ${waiter.index}`));
    else waiter.resolve(answer.shift);
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiter of this.#waiting.splice(0)) waiter.reject(this.#failure);
  }
}
