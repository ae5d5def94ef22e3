import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateOpenApiTypes, OPENAPI_TYPES_FILE } from '../packages/client/generate-openapi-types.ts';

/** `npm run generate:client`: rewrites packages/client/src/openapi.d.ts from the OpenAPI document. */
await writeFile(OPENAPI_TYPES_FILE, await generateOpenApiTypes());
process.stdout.write(`wrote ${fileURLToPath(OPENAPI_TYPES_FILE)}\n`);
