import { z } from 'zod';
import type { CallDefinition } from './call.ts';
import { ErrorCode } from './error-codes.ts';
import { CONTRACT_HEADERS } from './headers.ts';
import type { RestV1Route } from './public-api/rest-v1.ts';

/**
 * How the document says who may call what (OpenAPI tools ignore an `Authorization` header
 * parameter, so authentication is only ever declared here and in each operation's `security`):
 * - `apiKey`: the `/api/v1/…` routes, `Authorization: Bearer vx_live_…` (decision 037);
 * - `requestSignature`: every signed call's `signature` query parameter, MD5(path + secret +
 *   timestamp) with the `timestamp` parameter (decision 002);
 * - `sessionToken`: a signed-in user's calls, `Authorization: Bearer <session token>`;
 * - `operatorToken`: the operator's calls, `Authorization: Bearer <OPERATOR_TOKEN>`.
 */
export const OPENAPI_SECURITY_SCHEMES = {
  apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from the account page: `Authorization: Bearer vx_live_…` (the `/api/v1/…` routes only).' },
  requestSignature: {
    type: 'apiKey',
    in: 'query',
    name: 'signature',
    description: 'The signed calls’ signature: `signature` = MD5(path + secret + timestamp), hex, sent as a query parameter beside `timestamp` (milliseconds since the epoch, within the server’s window). `path` is the call’s own path without the query.',
  },
  sessionToken: { type: 'http', scheme: 'bearer', description: 'A signed-in user’s session token (from sign-in): `Authorization: Bearer <token>`, with the user’s id in the `user-id` header.' },
  operatorToken: { type: 'http', scheme: 'bearer', description: 'The operator’s token (`OPERATOR_TOKEN`): `Authorization: Bearer <token>`.' },
} as const;

type SecurityScheme = keyof typeof OPENAPI_SECURITY_SCHEMES;

/** The security requirement of a signed call: the signature always, and the bearer token its access needs (both together). */
function callSecurity(access: CallDefinition['access']): Array<Partial<Record<SecurityScheme, string[]>>> {
  if (access === 'user') return [{ requestSignature: [], sessionToken: [] }];
  if (access === 'operator') return [{ requestSignature: [], operatorToken: [] }];
  return [{ requestSignature: [] }];
}

/**
 * OpenAPI 3.1 document generated from the same zod schemas the server validates with.
 * `serverUrl` is the configured public URL; without it the server is `/`, the document's own origin.
 */
export function buildOpenApiDocument(calls: readonly CallDefinition[], info: { title: string; version: string }, rest: readonly RestV1Route[] = [], options: { serverUrl?: string | undefined } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    paths[call.path] = {
      post: {
        operationId: call.path.replace(/^\//, '').replace(/[/.]/g, '_'),
        summary: call.summary,
        tags: [call.tag],
        security: callSecurity(call.access),
        parameters: [
          { name: 'timestamp', in: 'query', required: true, schema: { type: 'string' }, description: 'Milliseconds since the epoch: the `timestamp` of the `requestSignature`.' },
          { name: CONTRACT_HEADERS.channel, in: 'header', required: true, schema: { type: 'string', const: '100' } },
          { name: CONTRACT_HEADERS.userId, in: 'header', required: call.access === 'user', schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: z.toJSONSchema(call.body, { io: 'input', unrepresentable: 'any' }) } },
        },
        responses: {
          '200': {
            description: 'Envelope. `code` 0 is success; any other code is a catalogue error (see x-error-codes).',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['code', 'message', 'data'],
                  properties: {
                    code: { type: 'integer' },
                    message: { type: 'string' },
                    data: { anyOf: [z.toJSONSchema(call.data, { io: 'output', unrepresentable: 'any' }), { type: 'null' }, { type: 'object' }] },
                  },
                },
              },
            },
          },
          '400': { description: 'Malformed JSON (envelope with a catalogue code).' },
          '413': { description: 'Body too large (envelope with a catalogue code).' },
        },
      },
    };
  }
  for (const route of rest) (paths[route.path] ??= {})[route.method.toLowerCase()] = restOperation(route);
  const serverUrl = options.serverUrl?.replace(/\/+$/, '') || '/';
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: serverUrl, description: serverUrl === '/' ? 'The server that serves this document.' : 'This server’s public URL.' }],
    paths,
    components: {
      securitySchemes: OPENAPI_SECURITY_SCHEMES,
    },
    'x-error-codes': ErrorCode,
  };
}

const envelopeOf = (data: unknown) => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data },
});

const REST_ERRORS = {
  '400': 'Invalid parameter, malformed JSON or a bad `Idempotency-Key` (envelope with a catalogue code).',
  '401': 'No API key, an unknown one, or a revoked or expired key (API_KEY_INVALID, API_KEY_REVOKED, API_KEY_EXPIRED).',
  '403': 'The key lacks the tool’s scope, or is read-only (API_KEY_SCOPE_MISSING, API_KEY_READ_ONLY).',
  '404': 'No such job or file of the key’s owner.',
  '411': 'An upload without `Content-Length` (UPLOAD_REQUEST_INVALID).',
  '409': 'The `Idempotency-Key` was used with another request (IDEMPOTENCY_KEY_CONFLICT).',
  '413': 'An upload over the plan’s size limit or storage quota (UPLOAD_TOO_LARGE, STORAGE_QUOTA_EXCEEDED).',
  '422': 'Refused by a product rule: points, plan, queue (the envelope’s code says which).',
  '429': 'The key’s rate limit: wait `Retry-After` seconds.',
};

/** One `/api/v1/…` route as an OpenAPI operation, with its examples. */
function restOperation(route: RestV1Route) {
  const parameters: unknown[] = [];
  const addParameters = (schema: RestV1Route['params'], where: 'path' | 'query') => {
    if (!schema) return;
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  };
  addParameters(route.params, 'path');
  addParameters(route.query, 'query');
  if (route.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description: 'Any unique string (a UUID, or your own order line id). A replay with the same key and body answers the same job and charges once; the same key with another body is refused with 409.',
      example: 'order-20261127-line-7',
    });
  }
  if (route.upload) {
    parameters.push({
      name: 'X-File-Name',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: 1024 },
      description: 'The file’s name, percent-encoded UTF-8 (raw-body uploads only; a multipart part carries its own `filename`). Its extension and content decide the kind (video, audio, image).',
      example: 'product-demo.mp4',
    });
  }
  const success = route.data
    ? {
        description: 'Envelope with `code` 0.',
        content: {
          'application/json': {
            schema: envelopeOf(z.toJSONSchema(route.data, { io: 'output', unrepresentable: 'any' })),
            ...(route.example?.data !== undefined ? { example: { code: 0, message: 'Success.', data: route.example.data } } : {}),
          },
        },
      }
    : { description: 'The file’s bytes (206 for a Range request).', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [`v1 ${route.tag}`],
    security: [{ apiKey: [] }] satisfies Array<Partial<Record<SecurityScheme, string[]>>>,
    parameters,
    ...(route.upload
      ? {
          requestBody: {
            required: true,
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
              'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } },
            },
          },
        }
      : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }),
                ...(route.example?.body !== undefined ? { example: route.example.body } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      '200': success,
      ...Object.fromEntries(Object.entries(REST_ERRORS).filter(([status]) => route.upload || (status !== '411' && status !== '413')).map(([status, description]) => [status, { description, content: { 'application/json': { schema: envelopeOf({}) } } }])),
    },
  };
}
