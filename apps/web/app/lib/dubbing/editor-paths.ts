import type { DubbingEdition } from "@voxwork/contract/dubbing";

/** Locale-neutral paths of the dubbing pages (wrap with `localizePath()`). */
export function projectListPath(edition: DubbingEdition): string {
  return edition === "pro" ? "/workbench/dubbing-pro" : "/workbench/dubbing-studio";
}

/** The editor of a project: studio `/details/{id}`, pro `/details?project={id}`. */
export function editorPath(edition: DubbingEdition, projectId: string): string {
  return edition === "pro" ? `/workbench/dubbing-pro/details?project=${encodeURIComponent(projectId)}` : `/workbench/dubbing-studio/details/${encodeURIComponent(projectId)}`;
}

export const PROJECT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A character's colour on the timeline: a hue per character, in the order they are listed. */
export function characterHue(index: number): number {
  return [277, 195, 30, 140, 330, 80, 240, 0][index % 8]!;
}
