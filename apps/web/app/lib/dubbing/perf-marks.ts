/**
 * Performance marks of the dubbing editor, read by `npm run bench:editor` (and visible in any
 * browser's performance panel): `dubbing:editor-ready` once the editor's first frame is painted,
 * and a `dubbing:edit` measure from an edit to the frame that shows it. Cheap enough to leave on.
 */

/** Runs `task` once the browser has painted the next frame: after its animation frame, in the task that follows. */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame === "undefined") return;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      task();
    };
    channel.port2.postMessage(null);
  });
}

/** Marks `name` when the next frame has been painted. */
export function markAfterPaint(name: string, detail?: Record<string, unknown>): void {
  afterNextPaint(() => performance.mark(name, { detail }));
}

/** Measures `name` from `startMs` (a `performance.now()`) to the painting of the next frame. */
export function measureUntilPaint(name: string, startMs: number, detail?: Record<string, unknown>): void {
  afterNextPaint(() => performance.measure(name, { start: startMs, end: performance.now(), detail }));
}
