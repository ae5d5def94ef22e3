/**
 * A ref for a tool's result panel, which mounts when Generate starts a job: the focus moves to it,
 * so keyboard and screen-reader users land on the progress and then the result (issue 18). The
 * panel needs `tabIndex={-1}`. Module-level, so React calls it once per mount.
 */
export function focusOnMount(element: HTMLElement | null): void {
  if (element) requestAnimationFrame(() => element.focus());
}
