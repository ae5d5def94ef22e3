import { z } from 'zod';
import { defineCall } from '../call.ts';
import { dateTime } from '../input-schemas.ts';
import { TOOL_CATALOGUE, type ScopedToolId } from '../tools/tool-catalogue.ts';
import { displayName } from '../display-name.ts';

/** The account page's API key calls (signed calls of the web app; the keys themselves authenticate `/api/v1/…`, decision 037). */

/** A key's tool scopes: the built tools of the catalogue that run jobs of their own (a series' routes take video translation's scope). */
export const API_KEY_SCOPES = TOOL_CATALOGUE.filter((tool) => tool.status === 'built' && !('runsAs' in tool)).map((tool) => tool.id) as [ScopedToolId, ...ScopedToolId[]];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** Active keys per user at most; revoke one to make another. */
export const API_KEYS_PER_USER = 20;

export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret (`vx_live_AbCd`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  readOnly: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** `active`, or why the key no longer works. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListCall = defineCall({
  path: '/api/apiKeys/list',
  summary: 'The caller’s API keys, newest first (revoked ones too). Secrets are never returned.',
  tag: 'api-keys',
  access: 'user',
  body: z.object({}).strict(),
  data: z.object({ list: z.array(apiKeyViewSchema) }),
});

export const apiKeyCreateCall = defineCall({
  path: '/api/apiKeys/create',
  summary: 'Create an API key: its secret is in this answer only (stored as its SHA-256).',
  tag: 'api-keys',
  access: 'user',
  body: z
    .object({
      name: displayName(60),
      scopes: z.array(apiKeyScopeSchema).min(1).max(API_KEY_SCOPES.length),
      readOnly: z.boolean().default(false),
      /** When the key stops working (default: never); must be in the future. */
      expiresAt: dateTime().optional(),
    })
    .strict(),
  data: z.object({ key: apiKeyViewSchema, secret: z.string() }),
});

export const apiKeyRevokeCall = defineCall({
  path: '/api/apiKeys/revoke',
  summary: 'Revoke one of the caller’s API keys: the next call made with it is refused (HTTP 401), on every replica.',
  tag: 'api-keys',
  access: 'user',
  body: z.object({ id: z.uuid() }).strict(),
  data: z.object({ ok: z.literal(true) }),
});
