import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (two levels above apps/server/src). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const ROLES = ['web', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalString = z.string().optional();

/**
 * Every environment variable the server reads. Documented in `.env.example` and the README;
 * a bad value stops the process with a message naming the variable.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  ROLE: z
    .string()
    .default('all')
    .transform((value, ctx) => {
      const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
      if (parts.length === 1 && parts[0] === 'all') return [...ROLES];
      const bad = parts.filter((part) => !(ROLES as readonly string[]).includes(part));
      if (parts.length === 0 || bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `expected "all" or a comma-separated list of ${ROLES.join(', ')}; got "${value}"` });
        return z.NEVER;
      }
      return [...new Set(parts)] as Role[];
    }),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: integer(0, 65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_MAX: integer(1, 200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_SIGN_SECRET: z.string().min(8, 'must be at least 8 characters').default('voxwork-public-signing-key'),
  API_SIGN_WINDOW_SECONDS: integer(1, 86_400).default(300),
  API_BODY_LIMIT_BYTES: integer(1024, 100 * 1024 * 1024).default(1024 * 1024),
  OPERATOR_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  WORKER_CONCURRENCY: integer(1, 64).default(2),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  JOB_HEARTBEAT_SECONDS: integer(10, 3600).default(10),
  SHUTDOWN_GRACE_SECONDS: integer(1, 600).default(20),
  WEB_BUILD_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/build')),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  roles: Role[];
  dataDir: string;
  publicUrl: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty value (`PORT=` copied from .env.example) means "use the default".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable and its meaning.`);
  }
  const value = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, value.DATA_DIR);
  return {
    ...value,
    roles: value.ROLE,
    dataDir,
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
  };
}
