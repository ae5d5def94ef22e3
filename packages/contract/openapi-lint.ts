import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { allCalls, buildOpenApiDocument, REST_V1_ROUTES } from '@voxwork/contract';

const run = promisify(execFile);

/** The linter's configuration: the built-in `recommended` rules plus the project's own (repository root). */
export const REDOCLY_CONFIG = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

/** The whole document as the server serves it at /api/docs (every signed call and the REST v1 routes). */
export function servedOpenApiDocument(serverUrl?: string) {
  return buildOpenApiDocument(allCalls, { title: 'Voxwork API', version: '0.1.0' }, REST_V1_ROUTES, { serverUrl });
}

export interface OpenApiLintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

export interface OpenApiLintResult {
  totals: { errors: number; warnings: number; ignored: number };
  problems: OpenApiLintProblem[];
}

/**
 * Lints an OpenAPI document with Redocly CLI (`redocly lint`, its JSON report) under REDOCLY_CONFIG.
 * Nothing leaves the machine: the rules are built in, telemetry and the update check are off.
 */
export async function lintOpenApiDocument(document: unknown): Promise<OpenApiLintResult> {
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    const args = [cli, 'lint', file, '--config', REDOCLY_CONFIG, '--format', 'json', '--max-problems', '10000'];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    // Exit code 1 means "problems found": the JSON report on stdout says which.
    const { stdout } = await run(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }).catch((failed: { code?: number; stdout?: string; stderr?: string }) => {
      if (failed.code === 1 && failed.stdout) return { stdout: failed.stdout };
      throw new Error(`redocly lint did not run: ${failed.stderr ?? String(failed.code)}`);
    });
    return JSON.parse(stdout) as OpenApiLintResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
