import { useSyncExternalStore } from "react";

/**
 * Colour mode (spec §3/§4): the preference (light, dark or system) is stored under the same key
 * as @nuxtjs/color-mode so existing preferences carry over; `value` is the resolved scheme;
 * `unknown` is true while it cannot be known (server render, before hydration); `forced` is true
 * while the current page forces a mode through its route metadata (until the next navigation).
 */
export const COLOR_MODE_STORAGE_KEY = "nuxt-color-mode";
export const COLOR_MODES = ["light", "dark", "system"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export type ColorValue = "light" | "dark";
/** Attribute on <html> naming the mode the current page forces (set by root.tsx). */
export const FORCED_COLOR_MODE_ATTRIBUTE = "data-forced-color-mode";

export interface ColorModeState {
  preference: ColorMode;
  value: ColorValue;
  unknown: boolean;
  forced: boolean;
}

export function isColorMode(value: unknown): value is ColorMode {
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
 * The mode a page may force. 'system' cannot be forced (spec §2): it only warns and is ignored.
 */
export function effectiveForcedMode(mode: ColorMode | undefined): ColorValue | undefined {
  if (mode === "system") {
    console.warn("[color-mode] A page cannot force the 'system' colour mode; the preference is used instead.");
    return undefined;
  }
  return mode;
}

let forcedMode: ColorValue | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function systemPrefersDark(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-color-scheme: dark)").matches;
}

function resolve(preference: ColorMode, forced: ColorValue | undefined): ColorValue {
  if (forced) return forced;
  if (preference === "system") return systemPrefersDark() ? "dark" : "light";
  return preference;
}

/**
 * Client-only: puts `dark` or `light` on <html> for the forced mode or the stored preference.
 * Same logic as `colorModeScript` (which runs before first paint).
 */
export function applyColorMode(): void {
  const dark = resolve(readColorMode(), forcedMode) === "dark";
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.classList.toggle("light", !dark);
}

/** Called by root.tsx on every navigation with the current page's forced mode (or none). */
export function setForcedColorMode(mode: ColorValue | undefined): void {
  if (forcedMode === mode) return;
  forcedMode = mode;
  applyColorMode();
  emit();
}

/** Saves the preference and applies it (unless the page forces a mode). */
export function setColorModePreference(preference: ColorMode): void {
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference);
  } catch {
    // Storage unavailable (private mode): the choice lasts for this page only.
  }
  applyColorMode();
  emit();
}

let cached: ColorModeState | undefined;
function getSnapshot(): ColorModeState {
  const preference = readColorMode();
  const value = resolve(preference, forcedMode);
  const forced = forcedMode !== undefined;
  if (!cached || cached.preference !== preference || cached.value !== value || cached.forced !== forced || cached.unknown) {
    cached = { preference, value, forced, unknown: false };
  }
  return cached;
}

const SERVER_STATE: ColorModeState = { preference: "system", value: "light", unknown: true, forced: false };

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) attachGlobalListeners();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) detachGlobalListeners();
  };
}

let detach: (() => void) | undefined;
function attachGlobalListeners() {
  const query = window.matchMedia("(prefers-color-scheme: dark)");
  const onChange = () => {
    applyColorMode();
    emit();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_MODE_STORAGE_KEY) onChange();
  };
  query.addEventListener("change", onChange);
  window.addEventListener("storage", onStorage);
  detach = () => {
    query.removeEventListener("change", onChange);
    window.removeEventListener("storage", onStorage);
  };
}
function detachGlobalListeners() {
  detach?.();
  detach = undefined;
}

/** `{ preference, value, unknown, forced }`, live: follows the OS while the preference is 'system'. */
export function useColorMode(): ColorModeState & { setPreference: (mode: ColorMode) => void } {
  const state = useSyncExternalStore(subscribe, getSnapshot, () => SERVER_STATE);
  return { ...state, setPreference: setColorModePreference };
}

/**
 * Inlined into <head> so the class is on <html> before first paint (no flash).
 * A forced mode (the attribute rendered on <html> by the server) wins over the preference.
 * Follows OS changes while in "system" mode and changes made in other tabs.
 */
export const colorModeScript = `(function(){try{var k=${JSON.stringify(COLOR_MODE_STORAGE_KEY)},f=${JSON.stringify(FORCED_COLOR_MODE_ATTRIBUTE)},d=document.documentElement,q=window.matchMedia("(prefers-color-scheme: dark)");function a(){var m=d.getAttribute(f);if(m!=="light"&&m!=="dark"){m=null;try{m=localStorage.getItem(k)}catch(e){}if(m!=="light"&&m!=="dark")m=q.matches?"dark":"light"}var n=m==="dark";d.classList.toggle("dark",n);d.classList.toggle("light",!n)}a();if(q.addEventListener)q.addEventListener("change",a);window.addEventListener("storage",function(e){if(e.key===k)a()})}catch(e){}})();`;
