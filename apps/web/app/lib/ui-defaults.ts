/**
 * Interface defaults of spec §9, in one place so components and tests agree.
 */
export const UI_DEFAULTS = {
  /** Viewport width (px) at or below which the layout is "mobile". */
  mobileBreakpoint: 768,
  toast: { position: "top-center", durationMs: 3000 },
  tooltip: { delayDuration: 700, skipDelayDuration: 300 },
  slider: { min: 0, max: 100, step: 1, pageSteps: 10 },
  tagsInput: { delimiter: "," },
  progress: { max: 100 },
  navigationMenu: { delayDuration: 200 },
  scrollArea: { scrollHideDelay: 600 },
  animation: { durationMs: 800, distancePx: 100, rotateDeg: 90 },
} as const;
