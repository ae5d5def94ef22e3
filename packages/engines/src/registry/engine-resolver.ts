import { z } from 'zod';
import { CAPABILITIES, type Capability, type CapabilityMap } from '../capabilities/capability-map.ts';
import { UnknownEngineError } from '../engine-errors.ts';
import type { EngineDescriptor, EngineRegistry } from './engine-registry.ts';

/** Which engine serves each capability, by id (`{ 'speech-synthesizer': 'espeak:espeak-ng' }`). */
export const engineSelectionSchema = z.partialRecord(z.enum(CAPABILITIES), z.string().trim().min(1));
export type EngineSelection = z.infer<typeof engineSelectionSchema>;

export interface ResolvedEngines {
  descriptor<C extends Capability>(capability: C): EngineDescriptor<C> | undefined;
  /** Loads the selected engine on first use. */
  get<C extends Capability>(capability: C): Promise<CapabilityMap[C]>;
  selection: Readonly<EngineSelection>;
}

/**
 * Validates a selection against the registry at start-up, so that a typo stops the process with
 * an explanation (which ids exist, the closest one) instead of failing the first job.
 * Capabilities not named fall back to `defaults`, then to the registry's first local engine.
 */
export function resolveEngines(registry: EngineRegistry, selection: unknown, defaults: EngineSelection = {}): ResolvedEngines {
  const parsed = engineSelectionSchema.safeParse(selection ?? {});
  if (!parsed.success) throw new UnknownEngineError(`engine selection is invalid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`, '');
  const chosen: EngineSelection = { ...defaults, ...parsed.data };
  const problems: string[] = [];
  const badIds: string[] = [];
  for (const capability of CAPABILITIES) {
    const id = chosen[capability];
    if (id) {
      const problem = registry.explain(id, capability);
      if (problem) {
        problems.push(`${capability}: ${problem}`);
        badIds.push(id);
      }
    } else {
      const fallback = registry.list(capability).find((descriptor) => descriptor.location === 'local') ?? registry.list(capability)[0];
      if (fallback) chosen[capability] = fallback.id;
    }
  }
  if (problems.length) throw new UnknownEngineError(problems.join('\n'), badIds.join(', '));
  return {
    selection: chosen,
    descriptor: <C extends Capability>(capability: C) => {
      const id = chosen[capability];
      return id ? (registry.get(id) as EngineDescriptor<C> | undefined) : undefined;
    },
    get: <C extends Capability>(capability: C) => {
      const id = chosen[capability];
      if (!id) return Promise.reject(new UnknownEngineError(`no ${capability} engine is configured or registered`, ''));
      return registry.load(id, capability);
    },
  };
}
