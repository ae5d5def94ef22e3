import type { Capability, CapabilityMap } from '../capabilities/capability-map.ts';
import type { EngineId, LanguageTag } from '../capabilities/engine-common.ts';
import { EngineError, UnknownEngineError } from '../engine-errors.ts';
import { editDistance } from '@voxwork/contract';

export type QualityTier = 'basic' | 'standard' | 'premium';

/** What running the engine costs us (not what the user pays: that is the price table). */
export interface EngineCost {
  unit: 'characters' | 'audio-seconds' | 'video-seconds' | 'frames' | 'calls';
  /** US dollars per 1,000 units; 0 for local engines. */
  usdPerThousand: number;
}

export interface EngineDescriptor<C extends Capability = Capability> {
  id: EngineId;
  capability: C;
  displayName: string;
  /** Languages the engine handles; `['*']` for language-independent engines (VAD, separation). */
  languages: readonly LanguageTag[];
  location: 'local' | 'remote';
  qualityTier: QualityTier;
  cost: EngineCost;
  /** One line for operators and the UI: what the engine is, honestly. */
  description: string;
  /** Audio separators: the stems it makes (a speech isolator's `accompaniment` is a background for dubbing; a denoiser's `noise` is not). */
  stems?: ReadonlyArray<'vocals' | 'accompaniment' | 'noise'>;
  /** Creates the engine; heavy modules are imported here, on first use only. */
  load(): Promise<CapabilityMap[C]>;
}

export interface EngineRegistry {
  list<C extends Capability>(capability?: C): Array<EngineDescriptor<C>>;
  get(id: string): EngineDescriptor | undefined;
  /** Loads (once) and returns the engine; throws `UnknownEngineError` with an explanation. */
  load<C extends Capability>(id: string, capability: C): Promise<CapabilityMap[C]>;
  /** Explains why an id is not usable for a capability, or returns undefined when it is. */
  explain(id: string, capability: Capability): string | undefined;
  /**
   * Releases what loaded engines hold (festival's server, espeak-ng's worker): calls `close()` on
   * each loaded engine that has one. A later `load` creates the engine again.
   */
  close(): Promise<void>;
}

const ID_PATTERN = /^[a-z0-9][a-z0-9-]*:[a-z0-9][a-z0-9._-]*$/;

export function isEngineId(value: string): value is EngineId {
  return ID_PATTERN.test(value);
}

export function createEngineRegistry(descriptors: readonly EngineDescriptor[]): EngineRegistry {
  const byId = new Map<string, EngineDescriptor>();
  for (const descriptor of descriptors) {
    if (!isEngineId(descriptor.id)) throw new Error(`engine id "${descriptor.id}" is not vendor:model in lower case`);
    if (byId.has(descriptor.id)) throw new Error(`engine id "${descriptor.id}" is registered twice`);
    byId.set(descriptor.id, descriptor);
  }
  const loading = new Map<string, Promise<unknown>>();

  const explain = (id: string, capability: Capability): string | undefined => {
    const descriptor = byId.get(id);
    if (descriptor?.capability === capability) return undefined;
    const candidates = [...byId.values()].filter((entry) => entry.capability === capability).map((entry) => entry.id);
    const known = candidates.length ? `known ${capability} engines: ${candidates.join(', ')}` : `no ${capability} engine is registered`;
    if (descriptor) return `"${id}" is a ${descriptor.capability}, not a ${capability}; ${known}`;
    if (!isEngineId(id)) return `"${id}" is not an engine id (expected vendor:model, e.g. espeak:espeak-ng); ${known}`;
    const closest = candidates.map((candidate) => ({ candidate, distance: editDistance(id, candidate) })).sort((a, b) => a.distance - b.distance)[0];
    const hint = closest && closest.distance <= 3 ? `did you mean "${closest.candidate}"? ` : '';
    return `no engine "${id}" is registered; ${hint}${known}`;
  };

  return {
    async close() {
      const loaded = [...loading.values()];
      loading.clear();
      await Promise.all(
        loaded.map(async (pending) => {
          const engine = await pending.catch(() => undefined);
          const close = (engine as { close?: unknown } | undefined)?.close;
          if (typeof close === 'function') await (close as () => Promise<void>).call(engine);
        }),
      );
    },
    list: <C extends Capability>(capability?: C) =>
      [...byId.values()].filter((descriptor) => !capability || descriptor.capability === capability) as Array<EngineDescriptor<C>>,
    get: (id) => byId.get(id),
    explain,
    async load<C extends Capability>(id: string, capability: C): Promise<CapabilityMap[C]> {
      const problem = explain(id, capability);
      if (problem) throw new UnknownEngineError(problem, id);
      const descriptor = byId.get(id) as EngineDescriptor<C>;
      let pending = loading.get(id) as Promise<CapabilityMap[C]> | undefined;
      if (!pending) {
        pending = descriptor.load();
        loading.set(id, pending);
        // A failed load is not cached: the next call tries again (e.g. after a model is installed).
        pending.catch(() => loading.delete(id));
      }
      try {
        return await pending;
      } catch (error) {
        if (error instanceof EngineError) throw error;
        throw new EngineError(`${id} could not be loaded: ${error instanceof Error ? error.message : String(error)}`, {
          code: 'engine-unavailable',
          engineId: id,
          cause: error,
        });
      }
    },
  };
}
