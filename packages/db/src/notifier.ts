import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './open-database.ts';

export type Unsubscribe = () => Promise<void>;

/**
 * Postgres LISTEN/NOTIFY, so that events cross processes (a worker's progress reaches the api
 * process that streams it). On PGlite, the same channels work inside the one process.
 */
export interface Notifier {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, listener: (payload: unknown) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}

export function createNotifier(handle: DatabaseHandle, onError: (error: unknown) => void = () => undefined): Notifier {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const dispatch = (channel: string, raw: string) => {
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // not JSON: deliver the text
    }
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        onError(error);
      }
    }
  };

  let client: pg.Client | undefined;
  let closed = false;
  const unlisteners = new Map<string, () => Promise<void>>();

  async function connect(): Promise<pg.Client> {
    if (handle.kind !== 'postgres') throw new Error('not postgres');
    const next = new pg.Client({ connectionString: handle.url, application_name: 'voxwork-listen' });
    next.on('notification', (message) => message.payload !== undefined && dispatch(message.channel, message.payload));
    next.on('error', (error) => {
      onError(error);
      client = undefined;
      if (!closed) setTimeout(() => void reconnect(), 1000);
    });
    await next.connect();
    for (const channel of listeners.keys()) await next.query(`LISTEN "${channel}"`);
    return next;
  }
  async function reconnect() {
    if (closed || client) return;
    try {
      client = await connect();
    } catch (error) {
      onError(error);
      setTimeout(() => void reconnect(), 2000);
    }
  }

  return {
    async publish(channel, payload) {
      await handle.db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`);
    },
    async subscribe(channel, listener) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        if (handle.kind === 'pglite') {
          unlisteners.set(channel, await handle.pglite.listen(channel, (raw) => dispatch(channel, raw)));
        } else {
          client ??= await connect();
          await client.query(`LISTEN "${channel}"`);
        }
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async close() {
      closed = true;
      for (const unlisten of unlisteners.values()) await unlisten().catch(() => undefined);
      await client?.end().catch(() => undefined);
      listeners.clear();
    },
  };
}
