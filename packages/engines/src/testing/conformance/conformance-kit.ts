/**
 * The engine conformance kit: every adapter's test file calls the suite of its capability
 * (`<capability>-conformance.ts`), so that all engines keep the same promises — results of the
 * capability's shape (real media, checked with ffprobe), unsupported options warn instead of
 * throwing, an AbortSignal ends the work, and failures are typed `EngineError`s with
 * `isRetryable`. A module turns its options into a list of checks (`ConformanceCheck`: a name and a
 * function of the engine); `describeConformance` runs them as one Vitest suite per engine, and
 * `failingChecks` runs them outside a suite, which is how the kit's own tests
 * (`*-conformance.test.ts`, with fakes for capabilities that have no engine yet) show that a wrong
 * adapter fails them. Checks use Vitest's `expect`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Capability, CapabilityMap } from '../../capabilities/capability-map.ts';
import type { EngineCallOptions, EngineResult } from '../../capabilities/engine-common.ts';
import { EngineError, type EngineInputError, type EngineInputReason } from '../../engine-errors.ts';
import type { EngineDescriptor } from '../../registry/engine-registry.ts';

export interface ConformanceContext<E> {
  engine: E;
  /** A scratch folder of the suite (removed after it). */
  dir: string;
}

export interface ConformanceCheck<E> {
  name: string;
  run(context: ConformanceContext<E>): Promise<void> | void;
}

export interface CommonKitOptions<C extends Capability> {
  descriptor: EngineDescriptor<C>;
}

/** One suite, `<engine id> conforms to <Interface> v1`: the engine is loaded through its descriptor and every check is a test. */
export function describeConformance<C extends Capability>(descriptor: EngineDescriptor<C>, interfaceName: string, checks: ReadonlyArray<ConformanceCheck<CapabilityMap[C]>>): void {
  describe(`${descriptor.id} conforms to ${interfaceName} v1`, () => {
    const context = { dir: '' } as ConformanceContext<CapabilityMap[C]>;
    beforeAll(async () => {
      context.engine = await descriptor.load();
      context.dir = await mkdtemp(path.join(tmpdir(), 'voxwork-conformance-'));
    });
    afterAll(async () => {
      if (context.dir) await rm(context.dir, { recursive: true, force: true });
    });
    for (const check of checks) it(check.name, () => check.run(context));
  });
}

/** The names of the checks `engine` fails (run one after the other in `dir`). */
export async function failingChecks<E>(engine: E, checks: ReadonlyArray<ConformanceCheck<E>>, dir: string): Promise<string[]> {
  const failed: string[] = [];
  for (const check of checks) {
    try {
      await check.run({ engine, dir });
    } catch {
      failed.push(check.name);
    }
  }
  return failed;
}

export function expectEngineError(error: unknown, code?: EngineError['code']): asserts error is EngineError {
  expect(error, 'engines throw EngineError').toBeInstanceOf(EngineError);
  const engineError = error as EngineError;
  expect(typeof engineError.isRetryable).toBe('boolean');
  expect(engineError.name).toMatch(/Error$/);
  if (code) expect(engineError.code).toBe(code);
}

/** What `promise` rejected with; fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

/** Expects a typed, non-retryable `invalid-input` error from the call. */
export async function expectInputError(promise: Promise<unknown>, reason?: EngineInputReason): Promise<void> {
  const error = await rejection(promise);
  expectEngineError(error, 'invalid-input');
  expect(error.isRetryable, 'bad input is never retried').toBe(false);
  // The reason is what a tool maps to a catalogue error (never the message).
  if (reason) expect((error as EngineInputError).reason, error.message).toBe(reason);
}

/** `make` run once per scratch folder: media a suite's checks share. */
export function oncePerDir<T>(make: (dir: string) => Promise<T>): (dir: string) => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return (dir) => {
    let result = made.get(dir);
    if (!result) made.set(dir, (result = make(dir)));
    return result;
  };
}

/** Writes a text file with a media extension: input that is not what it claims to be. */
export async function notMediaFile(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, 'this is text, not media\n');
  return file;
}

export function descriptorCheck<C extends Capability>(descriptor: EngineDescriptor<C>, capability: C): ConformanceCheck<CapabilityMap[C]> {
  return {
    name: 'is described by its registry entry',
    run: ({ engine }) => {
      expect(descriptor.capability).toBe(capability);
      expect(descriptor.id).toMatch(/^[a-z0-9-]+:[a-z0-9._-]+$/);
      expect(descriptor.languages.length).toBeGreaterThan(0);
      const described = engine as { specificationVersion: string; engineId: string };
      expect(described.specificationVersion).toBe('v1');
      expect(described.engineId).toBe(descriptor.id);
    },
  };
}

/** Expects a warning naming `option` or a field of it (`segments.maxCharacters`), `unsupported-option` or `approximated-option`. */
export function expectWarningFor(result: EngineResult, option: string): void {
  const named = result.warnings.filter((warning) => 'option' in warning && (warning.option === option || warning.option.startsWith(`${option}.`)));
  expect(named, `a warning about ${option}`).not.toEqual([]);
}

/**
 * Unknown keys under the engine's own `providerOptions.<vendor>` are warnings, never errors; other
 * vendors' keys are ignored. `call` makes a small valid request with the given provider options.
 */
export function providerOptionsCheck<E>(descriptor: { id: string }, call: (context: ConformanceContext<E>, providerOptions: EngineCallOptions['providerOptions']) => Promise<EngineResult>): ConformanceCheck<E> {
  return {
    name: 'warns about unknown provider options of its own vendor and ignores other vendors',
    run: async (context) => {
      const vendor = descriptor.id.split(':')[0]!;
      const result = await call(context, { [vendor]: { conformanceUnknownOption: true }, 'conformance-other-vendor': { anything: 1 } });
      expect(result.warnings).toContainEqual(expect.objectContaining({ type: 'unsupported-option', option: `providerOptions.${vendor}.conformanceUnknownOption` }));
      expect(JSON.stringify(result.warnings), 'other vendors are not mentioned').not.toContain('conformance-other-vendor');
    },
  };
}

/** Each option in `unsupported` produces a warning naming it instead of an error; `call` makes a valid request with it added. */
export function unsupportedOptionChecks<E, O>(unsupported: ReadonlyArray<Partial<O>>, call: (context: ConformanceContext<E>, extra: Partial<O>) => Promise<EngineResult>): Array<ConformanceCheck<E>> {
  return unsupported.map((extra) => ({
    name: `warns instead of throwing for an unsupported option (${Object.keys(extra).join(', ')})`,
    run: async (context) => {
      const result = await call(context, extra);
      for (const option of Object.keys(extra)) expectWarningFor(result, option);
    },
  }));
}

/**
 * A fired signal ends the call with `EngineAbortedError`: one that fired before the call, and one
 * that fires 5 ms into a long call (`prepareLong` makes its input first and returns the call).
 */
export function abortCheck<E>(
  call: (context: ConformanceContext<E>, signal: AbortSignal) => Promise<unknown>,
  prepareLong: (context: ConformanceContext<E>) => Promise<(signal: AbortSignal) => Promise<unknown>>,
): ConformanceCheck<E> {
  return {
    name: 'ends the work when the AbortSignal fires, with a typed error',
    run: async (context) => {
      expectEngineError(await rejection(call(context, AbortSignal.abort())), 'aborted');
      const callLong = await prepareLong(context);
      const controller = new AbortController();
      const pending = callLong(controller.signal);
      setTimeout(() => controller.abort(), 5);
      expectEngineError(await rejection(pending), 'aborted');
    },
  };
}
