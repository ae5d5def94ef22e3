import type { ToolPageDefinition, ToolPageKind } from './tool-catalogue.ts';

/**
 * The helpers a tool's catalogue entry (`<tool id>.entry.ts`) writes its pages with. Import-free at
 * run time (the types are erased), so the entries can load before the catalogue that lists them.
 */
export const page = <const Id extends string, const Path extends `/workbench/${string}`, const Kind extends ToolPageKind>(
  id: Id,
  path: Path,
  kind: Kind,
): ToolPageDefinition<Id, Path, Kind> => ({ id, kind, paths: { en: path, zh: `/zh${path}` } });

export const landing = <const Path extends `/${string}`>(path: Path) => ({ en: path, zh: `/zh${path}` as const });
