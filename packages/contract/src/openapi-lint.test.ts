import { describe, expect, it } from 'vitest';
import { lintOpenApiDocument, servedOpenApiDocument } from '../openapi-lint.ts';

type Operation = { operationId: string; security?: Array<Record<string, string[]>>; parameters?: Array<{ name: string; in: string }> };
type Document = ReturnType<typeof servedOpenApiDocument>;

const operationsOf = (document: Document): Operation[] => Object.values(document.paths).flatMap((methods) => Object.values(methods) as Operation[]);

/**
 * Issue 30, point 8: the document at /api/docs declares authentication the way OpenAPI tools read
 * it (security schemes applied per operation, never an `Authorization` header parameter, which
 * tools must ignore), names its server, and passes a maintained linter (Redocly CLI's
 * `recommended` rules and redocly.yaml) with 0 errors.
 */
describe('the OpenAPI document', () => {
  const document = servedOpenApiDocument();

  it('passes `redocly lint` with 0 errors', async () => {
    const result = await lintOpenApiDocument(document);
    const errors = result.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
    expect(result.totals.errors).toBe(0);
  }, 120_000);

  it('declares authentication as security schemes applied per operation, never as an Authorization header parameter', () => {
    expect(document.components.securitySchemes).toMatchObject({
      apiKey: { type: 'http', scheme: 'bearer' },
      sessionToken: { type: 'http', scheme: 'bearer' },
      operatorToken: { type: 'http', scheme: 'bearer' },
      requestSignature: { type: 'apiKey', in: 'query', name: 'signature' },
    });
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(90);
    for (const operation of operations) {
      expect(operation.parameters?.filter((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'authorization') ?? [], operation.operationId).toEqual([]);
      expect(operation.parameters?.filter((parameter) => parameter.in === 'query' && parameter.name === 'signature') ?? [], operation.operationId).toEqual([]);
      expect(operation.security?.length, operation.operationId).toBeGreaterThan(0);
      for (const requirement of operation.security!) for (const scheme of Object.keys(requirement)) expect(Object.keys(document.components.securitySchemes)).toContain(scheme);
    }
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
    // A signed-in user's call needs the signature and the session token together; a public call the signature only; REST v1 the API key.
    expect(byId.get('bill_userAccount_getUserAccount')?.security).toEqual([{ requestSignature: [], sessionToken: [] }]);
    expect(byId.get('api_system_time')?.security).toEqual([{ requestSignature: [] }]);
    expect(byId.get('v1_get_job')?.security).toEqual([{ apiKey: [] }]);
  });

  it('names its server: the configured public URL, else `/` (the origin that serves it)', () => {
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) as unknown }]);
    expect(servedOpenApiDocument('https://voxwork.test/').servers[0]?.url).toBe('https://voxwork.test');
  });
});
