/**
 * For the kit's own tests (`*-conformance.test.ts`): a capability with no engine yet is exercised
 * by a fake adapter, which must pass its kit, and by wrong adapters made from that fake, each
 * breaking one promise of the contract, which must fail it. Not for adapters' tests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Capability, CapabilityMap } from '../../capabilities/capability-map.ts';
import type { EngineCallOptions, EngineId, EngineResult } from '../../capabilities/engine-common.ts';
import { EngineAbortedError, EngineInputError } from '../../engine-errors.ts';
import type { EngineDescriptor } from '../../registry/engine-registry.ts';
import { failingChecks, type ConformanceCheck } from './conformance-kit.ts';

/** A registry entry for a fake engine. */
export function fakeDescriptor<C extends Capability>(capability: C, engine: CapabilityMap[C] & { engineId: EngineId }, languages: readonly string[]): EngineDescriptor<C> {
  return {
    id: engine.engineId,
    capability,
    displayName: `Fake ${capability}`,
    languages,
    location: 'local',
    qualityTier: 'basic',
    cost: { unit: 'calls', usdPerThousand: 0 },
    description: 'a fake adapter that exists to test the conformance kit itself',
    load: async () => engine,
  };
}

/** One unit of a fake's work (a few ms), ending the call with `EngineAbortedError` once the signal has fired. */
export async function workUnit(signal: AbortSignal | undefined, engineId: string): Promise<void> {
  await sleep(2);
  if (signal?.aborted) throw new EngineAbortedError(engineId, signal.reason);
}

interface WrongAdapter<E> {
  fault: string;
  engine: E;
  /** The check it must fail (matched against the checks' names). */
  mustFail: RegExp;
}

type Method<E> = { [K in keyof E]: E[K] extends (options: never) => Promise<EngineResult> ? K : never }[keyof E];

/** A wrong result of a capability: what the adapter does wrong, how, and the check that must catch it. */
export interface WrongResult<R> {
  fault: string;
  wrong(result: R, options: EngineCallOptions & Record<string, unknown>): EngineResult | Promise<EngineResult>;
  /** The check it must fail (matched against the checks' names). */
  mustFail: RegExp;
}

/** The faults every capability's adapter can have; `wrongAdapters` makes one wrong adapter per fault asked for. */
export type GenericFault = 'ignores the abort signal' | 'throws untyped errors' | 'throws where it should warn' | 'drops its warnings';

const ALL_FAULTS: readonly GenericFault[] = ['ignores the abort signal', 'throws untyped errors', 'throws where it should warn', 'drops its warnings'];

/**
 * Wrong versions of a right adapter, each breaking one promise of `method`: the generic `faults`
 * (all by default; the abort, warning and provider-option checks are the kit's shared ones, so a
 * kit whose fake is slow may leave those to another kit) and the capability's `wrongResults`.
 */
export function wrongAdapters<E extends object, R extends EngineResult>(
  engine: E,
  method: Method<E>,
  wrongResults: ReadonlyArray<WrongResult<R>>,
  faults: readonly GenericFault[] = ALL_FAULTS,
): Array<WrongAdapter<E>> {
  type Options = EngineCallOptions & Record<string, unknown>;
  const call = (options: Options) => (engine[method] as (options: Options) => Promise<R>).call(engine, options);
  const variant = (fault: string, mustFail: RegExp, replacement: (options: Options) => Promise<EngineResult>): WrongAdapter<E> => {
    const wrong = Object.create(engine) as E;
    Object.defineProperty(wrong, method, { value: replacement });
    return { fault, engine: wrong, mustFail };
  };
  const engineId = (engine as { engineId?: string }).engineId ?? 'fake';
  const generic: Record<GenericFault, () => WrongAdapter<E>> = {
    'ignores the abort signal': () => variant('ignores the abort signal', /AbortSignal/, ({ signal: _ignored, ...options }) => call(options)),
    'throws untyped errors': () =>
      variant('throws untyped errors', /typed, non-retryable/, (options) =>
        call(options).catch((error: unknown) => {
          throw new Error(error instanceof Error ? error.message : String(error));
        }),
      ),
    'throws where it should warn': () =>
      variant('throws where it should warn', /^warns/, async (options) => {
        const result = await call(options);
        if (result.warnings.length) throw new EngineInputError(`refused: ${JSON.stringify(result.warnings[0])}`, { engineId });
        return result;
      }),
    'drops its warnings': () => variant('drops its warnings', /provider options/, async (options) => ({ ...(await call(options)), warnings: [] })),
  };
  return [...faults.map((fault) => generic[fault]()), ...wrongResults.map(({ fault, wrong, mustFail }) => variant(fault, mustFail, async (options) => wrong(await call(options), options)))];
}

/** A suite showing that each wrong adapter fails the check it must fail. */
export function describeWrongAdapters<E>(kit: string, wrong: ReadonlyArray<WrongAdapter<E>>, checks: ReadonlyArray<ConformanceCheck<E>>): void {
  describe(`the ${kit} kit fails a wrong adapter`, () => {
    let dir = '';
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'voxwork-kit-'));
    });
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });
    for (const { fault, engine, mustFail } of wrong) {
      it(`that ${fault}`, async () => {
        const aimed = checks.filter((check) => mustFail.test(check.name));
        expect(aimed.length, `the kit has a check matching ${mustFail}`).toBeGreaterThan(0);
        expect(await failingChecks(engine, aimed, dir), `a check matching ${mustFail} fails`).not.toEqual([]);
      });
    }
  });
}
