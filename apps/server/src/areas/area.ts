import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { DatabaseHandle, Notifier } from '@voxwork/db';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { ErrorCode } from '@voxwork/contract';
import { DomainError } from '@voxwork/core';
import type { BoundCall, CallContext } from '../http/contract.plugin.ts';
import type { Services } from '../services.ts';

export type HttpServer = FastifyInstance<Server, IncomingMessage, ServerResponse, Logger>;

export interface AreaContext {
  config: Config;
  database: DatabaseHandle;
  /** LISTEN/NOTIFY of this process (one connection, shared). */
  notifier: Notifier;
  services: Services;
  log: Logger;
}

/**
 * A feature area of the API role: its contract calls (signed, enveloped, validated by the contract
 * plugin) and any other HTTP routes it needs (webhooks, beacons, streams), registered beside them.
 * Add an area by writing `<name>.area.ts` and listing it in `areas/index.ts`; a tool's area is
 * derived from its server part (`tools/<tool>.tool.ts`, listed in `tools.ts`).
 */
export interface Area {
  name: string;
  calls?: (context: AreaContext) => readonly BoundCall[];
  routes?: (http: HttpServer, context: AreaContext) => Promise<void>;
}

/** The signed-in caller's id; AUTH_REQUIRED for anyone else. */
export function requireUserId(context: CallContext): string {
  if (!context.user) throw new DomainError(ErrorCode.AUTH_REQUIRED);
  return context.user.id;
}
