import { z } from 'zod';
import type { CallDefinition } from './call.ts';
import { ErrorCode } from './error-codes.ts';
import { CONTRACT_HEADERS } from './headers.ts';
import type { RestV1Route } from './public-api/rest-v1.ts';

/** OpenAPI 3.1 document generated from the same zod schemas the server validates with. */
export function buildOpenApiDocument(calls: readonly CallDefinition[], info: { title: string; version: string }, rest: readonly RestV1Route[] = []) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    paths[call.path] = {
      post: {
        operationId: call.path.replace(/^\//, '').replace(/[/.]/g, '_'),
        summary: call.summary,
        tags: [call.tag],
        parameters: [
          { name: 'timestamp', in: 'query', required: true, schema: { type: 'string' }, description: 'Milliseconds since the epoch.' },
          { name: 'signature', in: 'query', required: true, schema: { type: 'string' }, description: 'MD5(path + secret + timestamp), hex.' },
          { name: CONTRACT_HEADERS.channel, in: 'header', required: true, schema: { type: 'string', const: '100' } },
          { name: CONTRACT_HEADERS.userId, in: 'header', required: call.access === 'user', schema: { type: 'string' } },
          {
            name: CONTRACT_HEADERS.authorization,
            in: 'header',
            required: call.access !== 'public',
            schema: { type: 'string' },
            description: 'Bearer token.',
          },
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
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from the account page: `Authorization: Bearer vx_live_…` (the `/api/v1/…` routes only).' },
      },
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
    security: [{ apiKey: [] }],
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
