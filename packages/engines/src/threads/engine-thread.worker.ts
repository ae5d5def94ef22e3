/**
 * The worker thread of one engine (`engine-thread.ts`): imports the engine's module, calls its
 * factory once, and runs the calls it is sent, several at once as the engine would on the main
 * thread. Node loads this file and the engine's modules itself (type stripping, the workspace
 * packages through their `exports`), under Vitest too.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serializeError, type ArgumentSlot, type EngineThreadData, type FromEngineThread, type ToEngineThread } from './thread-messages.ts';

const port = parentPort!;
const data = workerData as EngineThreadData;

const engine: Promise<Record<string, unknown>> = import(data.module).then((module: Record<string, unknown>) => {
  const factory = module[data.factory];
  if (typeof factory !== 'function') throw new TypeError(`${data.module} exports no function ${data.factory}`);
  return (factory as (...args: unknown[]) => Record<string, unknown> | Promise<Record<string, unknown>>)(...data.args);
});
// A failed load is reported to each call (below), not as an uncaught rejection that ends the thread.
engine.catch(() => undefined);

const controllers = new Map<number, AbortController>();

const send = (message: FromEngineThread) => port.postMessage(message);

/** The arguments with the caller's signal and callbacks put back as this thread's own. */
function restoreArguments(message: Extract<ToEngineThread, { type: 'call' }>, controller: AbortController): unknown[] {
  const args = message.args.map((value) => (typeof value === 'object' && value !== null ? { ...value } : value)) as Array<Record<string, unknown>>;
  const at = (slot: ArgumentSlot) => args[slot.arg]!;
  for (const slot of message.callbacks) at(slot)[slot.key] = (...values: unknown[]) => send({ type: 'callback', id: message.id, slot, values });
  if (message.signal) {
    if (message.signal.aborted) controller.abort();
    at(message.signal)[message.signal.key] = controller.signal;
  }
  return args;
}

async function run(message: Extract<ToEngineThread, { type: 'call' }>) {
  const controller = new AbortController();
  controllers.set(message.id, controller);
  let loaded: Record<string, unknown>;
  try {
    loaded = await engine;
  } catch (error) {
    controllers.delete(message.id);
    send({ type: 'error', id: message.id, error: serializeError(error), loading: true });
    return;
  }
  try {
    const method = loaded[message.method];
    if (typeof method !== 'function') throw new TypeError(`${data.factory}() has no method ${message.method}`);
    const value: unknown = await (method as (...args: unknown[]) => Promise<unknown>).apply(loaded, restoreArguments(message, controller));
    send({ type: 'result', id: message.id, value });
  } catch (error) {
    send({ type: 'error', id: message.id, error: serializeError(error), loading: false });
  } finally {
    controllers.delete(message.id);
  }
}

port.on('message', (message: ToEngineThread) => {
  if (message.type === 'abort') controllers.get(message.id)?.abort();
  else void run(message);
});
