import { z } from 'zod';
import { CAPABILITIES, type Capability, type CapabilityMap } from '../capabilities/capability-map.ts';
import { UnknownEngineError } from '../engine-errors.ts';
import type { EngineDescriptor, EngineRegistry } from './engine-registry.ts';

/**
 * Which engines serve each capability, by id: one (`'espeak:espeak-ng'`) or several, the first
 * being the default (`['festival:cmu-slt-hts', 'espeak:espeak-ng']`: a voice library lists the
 * voices of all of them).
 */
export const engineSelectionSchema = z.partialRecord(z.enum(CAPABILITIES), z.union([z.string().trim().min(1), z.array(z.string().trim().min(1)).min(1)]));
export type EngineSelection = z.input<typeof engineSelectionSchema>;

export interface ResolvedEngines {
  /** The engine ids per capability, the default first. */
  selection: Readonly<Partial<Record<Capability, readonly string[]>>>;
  descriptors<C extends Capability>(capability: C): Array<EngineDescriptor<C>>;
  /** Loads the default engine of a capability on first use. */
  get<C extends Capability>(capability: C): Promise<CapabilityMap[C]>;
  /** Loads a selected engine by id (e.g. the engine a stored voice belongs to). */
  getById<C extends Capability>(capability: C, id: string): Promise<CapabilityMap[C]>;
  /** Releases the loaded engines' processes and workers (the registry's `close`). */
  close(): Promise<void>;
}

/**
 * Validates a selection against the registry at start-up, so that a typo stops the process with
 * an explanation (which ids exist, the closest one) instead of failing the first job.
 * Capabilities not named fall back to `defaults`, then to every local engine of the registry.
 */
export function resolveEngines(registry: EngineRegistry, selection: unknown, defaults: EngineSelection = {}): ResolvedEngines {
  const parsed = engineSelectionSchema.safeParse(selection ?? {});
  if (!parsed.success) {
    throw new UnknownEngineError(`engine selection is invalid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`, '');
  }
  const chosen: Partial<Record<Capability, string[]>> = {};
  const problems: string[] = [];
  const badIds: string[] = [];
  for (const capability of CAPABILITIES) {
    const named = parsed.data[capability] ?? defaults[capability];
    const ids = named === undefined ? registry.list(capability).filter((descriptor) => descriptor.location === 'local').map((descriptor) => descriptor.id) : [named].flat();
    for (const id of ids) {
      const problem = registry.explain(id, capability);
      if (problem) {
        problems.push(`${capability}: ${problem}`);
        badIds.push(id);
      }
    }
    if (ids.length) chosen[capability] = [...new Set(ids)];
  }
  if (problems.length) throw new UnknownEngineError(problems.join('\n'), badIds.join(', '));

  const getById = <C extends Capability>(capability: C, id: string) => {
    if (!chosen[capability]?.includes(id)) {
      return Promise.reject(new UnknownEngineError(`${id} is not a selected ${capability} (selected: ${chosen[capability]?.join(', ') || 'none'})`, id));
    }
    return registry.load(id, capability);
  };
  return {
    close: () => registry.close(),
    selection: chosen,
    descriptors: <C extends Capability>(capability: C) => (chosen[capability] ?? []).map((id) => registry.get(id) as EngineDescriptor<C>),
    getById,
    get: <C extends Capability>(capability: C) => {
      const id = chosen[capability]?.[0];
      if (!id) return Promise.reject(new UnknownEngineError(`no ${capability} engine is configured or registered`, ''));
      return registry.load(id, capability);
    },
  };
}

/**
 * Reads a selection from env: `ENGINES_SPEECH_SYNTHESIZER=festival:cmu-slt-hts,espeak:espeak-ng`,
 * `ENGINES_VOICE_ACTIVITY_DETECTOR=silero:vad-v4`, … (one variable per capability, ids comma-separated).
 */
export function engineSelectionFromEnv(env: Record<string, string | undefined>): EngineSelection {
  const selection: EngineSelection = {};
  for (const capability of CAPABILITIES) {
    const value = env[`ENGINES_${capability.toUpperCase().replace(/-/g, '_')}`];
    if (value === undefined || value.trim() === '') continue;
    selection[capability] = value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  }
  return selection;
}
