/**
 * Colour mode is stored under the same key as @nuxtjs/color-mode so existing
 * preferences carry over. Values: "light" | "dark" | "system" (default).
 */
export const COLOR_MODE_STORAGE_KEY = "nuxt-color-mode";
export const COLOR_MODES = ["light", "dark", "system"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

function isColorMode(value: unknown): value is ColorMode {
  return typeof value === "string" && (COLOR_MODES as readonly string[]).includes(value);
}

/** Stored preference, `"system"` when unset/invalid or storage is unavailable. */
export function readColorMode(): ColorMode {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

/**
 * Client-only: puts `dark` or `light` on <html> for the stored preference.
 * Same logic as `colorModeScript`; used to restore the class when React
 * re-creates <html> (e.g. switching between a page and the root ErrorBoundary
 * remounts the root Layout, and React clears the element's attributes).
 */
export function applyColorMode(mode: ColorMode = readColorMode()): void {
  const dark =
    mode === "dark" || (mode === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.classList.toggle("light", !dark);
}

/**
 * Inlined into <head> so the class is on <html> before first paint (no flash).
 * It only touches <html>'s class list, which React never manages (see
 * `suppressHydrationWarning` on <html> in root.tsx). It also follows OS
 * changes while in "system" mode and changes made in other tabs.
 */
export const colorModeScript = `(function(){try{var k=${JSON.stringify(COLOR_MODE_STORAGE_KEY)},d=document.documentElement,q=window.matchMedia("(prefers-color-scheme: dark)");function a(){var m=null;try{m=localStorage.getItem(k)}catch(e){}if(m!=="light"&&m!=="dark")m="system";var n=m==="dark"||(m==="system"&&q.matches);d.classList.toggle("dark",n);d.classList.toggle("light",!n)}a();if(q.addEventListener)q.addEventListener("change",a);window.addEventListener("storage",function(e){if(e.key===k)a()})}catch(e){}})();`;
