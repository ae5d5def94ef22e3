/**
 * A lazily loaded chunk that fails to load (usually: a new build replaced the old files) reloads
 * the page once; a second failure within 10 seconds does not reload again (spec §8/§9), so a
 * broken deployment cannot loop. The time of the last reload is kept in session storage. Offline,
 * nothing reloads: a reload cannot load the chunk either.
 */
export const CHUNK_RELOAD_STORAGE_KEY = "voxwork:chunk-reload-at";
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/** True when a reload is allowed now; records the reload time when it is. */
export function claimChunkReload(storage: Pick<Storage, "getItem" | "setItem">, now: number): boolean {
  let last = Number.NaN;
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
  } catch {
    // Storage unavailable: allow the reload, we cannot record it anyway.
  }
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // ignore
  }
  return true;
}

/** Installs the `vite:preloadError` handler (Vite fires it when a dynamic import's preload fails). */
export function installChunkReload(): void {
  window.addEventListener("vite:preloadError", (event) => {
    // Offline, a reload shows the browser's own offline page and loses what the person typed: the
    // error surfaces instead (a lazy part of the page leaves itself out, a navigation says so).
    if (navigator.onLine === false) return;
    if (!claimChunkReload(window.sessionStorage, Date.now())) return; // let the error surface
    event.preventDefault();
    window.location.reload();
  });
}
