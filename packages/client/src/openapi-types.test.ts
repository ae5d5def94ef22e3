import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateOpenApiTypes, OPENAPI_TYPES_FILE } from '../generate-openapi-types.ts';

describe('the generated OpenAPI types', () => {
  it('are what `npm run generate:client` makes from the current REST routes (run it and commit the file when this fails)', async () => {
    const committed = await readFile(OPENAPI_TYPES_FILE, 'utf8');
    expect(committed === (await generateOpenApiTypes()), 'packages/client/src/openapi.d.ts is stale: run `npm run generate:client`').toBe(true);
  });
});
