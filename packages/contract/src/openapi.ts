import { z } from 'zod';
import type { CallDefinition } from './call.ts';
import { ErrorCode } from './error-codes.ts';
import { CONTRACT_HEADERS } from './headers.ts';

/** OpenAPI 3.1 document generated from the same zod schemas the server validates with. */
export function buildOpenApiDocument(calls: readonly CallDefinition[], info: { title: string; version: string }) {
  const paths: Record<string, unknown> = {};
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
  return {
    openapi: '3.1.0',
    info,
    paths,
    'x-error-codes': ErrorCode,
  };
}
