import { lintOpenApiDocument, servedOpenApiDocument } from '../packages/contract/openapi-lint.ts';

/** `npm run lint:openapi`: the /api/docs document through Redocly's linter (redocly.yaml); exit 1 on any error. */
const result = await lintOpenApiDocument(servedOpenApiDocument());
for (const problem of result.problems) process.stdout.write(`${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}\n`);
process.stdout.write(`OpenAPI lint: ${result.totals.errors} errors, ${result.totals.warnings} warnings\n`);
if (result.totals.errors > 0) process.exitCode = 1;
