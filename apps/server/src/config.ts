import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteEngineEnvSchema } from '@voxwork/engines';
import { z } from 'zod';
import { parseTrustedProxies } from './analytics/client-address.ts';

/** The repository root (two levels above apps/server/src). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const ROLES = ['web', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** The value AUTH_SECRET defaulted to before issue 20: public, so never accepted. */
export const PUBLIC_DEFAULT_AUTH_SECRET = 'voxwork-development-auth-secret-change-me-0000';
/** Where the embedded default keeps its generated AUTH_SECRET, inside DATA_DIR. */
export const AUTH_SECRET_FILE = 'auth-secret';
const MAKE_SECRET_HINT = 'set AUTH_SECRET to a long random value, e.g. the output of `openssl rand -base64 48`';

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalString = z.string().optional();
/** `count/window` (`600/1m`, `10/10m`, `5/30s`, `100/1h`) or `off`: a rate limit an operator may tune. */
const rateLimitRule = z
  .string()
  .transform((value, ctx) => {
    if (value.trim().toLowerCase() === 'off') return null;
    const match = /^\s*(\d{1,9})\s*\/\s*(\d{0,6})\s*(s|m|h)\s*$/.exec(value);
    const windowSeconds = match ? (Number(match[2] || 1) * { s: 1, m: 60, h: 3600 }[match[3] as 's' | 'm' | 'h']) : 0;
    if (!match || Number(match[1]) < 1 || windowSeconds < 1 || windowSeconds > 86_400) {
      ctx.addIssue({ code: 'custom', message: `expected count/window such as 600/1m, 10/10m or 100/1h (window at most 24h), or off; got "${value}"` });
      return z.NEVER;
    }
    return { limit: Number(match[1]), windowSeconds };
  });
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  // onnxruntime threads per PP-OCR call (the subtitle finder); read by the engine itself (`ppocr-model.ts`), checked here so a bad value stops the start.
  VOXWORK_OCR_THREADS: integer(1, 64).optional(),
  // Per job type, overriding WORKER_CONCURRENCY: `system.selfCheck=1,text-to-speech.synthesize=2`.
  JOB_CONCURRENCY: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const map: Record<string, number> = {};
      for (const part of value.split(',').map((item) => item.trim()).filter(Boolean)) {
        const match = /^([\w.-]+)=(\d{1,2})$/.exec(part);
        if (!match || Number(match[2]) < 1) {
          ctx.addIssue({ code: 'custom', message: `expected type=number pairs separated by commas; got "${part}"` });
          return z.NEVER;
        }
        map[match[1]!] = Number(match[2]);
      }
      return map;
    }),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  JOB_HEARTBEAT_SECONDS: integer(10, 3600).default(10),
  SHUTDOWN_GRACE_SECONDS: integer(1, 600).default(20),
  /** Days a job may wait for its owner at a review gate (pro video translation) before it is cancelled and its points returned. */
  JOB_REVIEW_DAYS: z.coerce.number().min(1).max(365).default(30),
  JOB_STALE_HOURS: z.coerce.number().min(0.01).max(720).default(6),
  WEB_BUILD_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/build')),
  // Analytics and IP info (issue 5). Proxies whose X-Forwarded-For is believed: IPs or CIDRs, comma-separated.
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value.split(',').map((part) => part.trim()).filter(Boolean);
      try {
        parseTrustedProxies(entries);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
      return entries;
    }),
  LOG_BASE_URL: optionalString.pipe(z.url().optional()),
  LOG_EVENT_MAX_BYTES: integer(512, 1024 * 1024).default(16 * 1024),
  LOG_BATCH_SIZE: integer(1, 10_000).default(500),
  LOG_FLUSH_INTERVAL_MS: integer(10, 60_000).default(1000),
  LOG_BUFFER_MAX: integer(100, 10_000_000).default(100_000),
  IP_DATABASE_DIR: optionalString,
  // Rate limits of the public writes (issue 20), shared by every replica through the database: per client IP
  // (behind a proxy, set TRUSTED_PROXIES) and per signed-in user. `count/window` or `off`.
  RATE_LIMIT_EVENTS_PER_IP: rateLimitRule.prefault('600/1m'),
  RATE_LIMIT_EVENTS_PER_USER: rateLimitRule.prefault('120/1m'),
  RATE_LIMIT_FEEDBACK_PER_IP: rateLimitRule.prefault('10/10m'),
  RATE_LIMIT_FEEDBACK_PER_USER: rateLimitRule.prefault('5/10m'),
  // Calls of one API key on the public REST surface `/api/v1/…` (issue 19, decision 037).
  RATE_LIMIT_API_PER_KEY: rateLimitRule.prefault('300/1m'),
  // Webhooks (issue 19, decision 038). Private, loopback and link-local receivers: allowed when
  // NODE_ENV is not production, refused in production, unless this says otherwise.
  WEBHOOKS_ALLOW_PRIVATE: booleanFlag.optional(),
  // Retries: WEBHOOKS_RETRY_BASE_SECONDS · 2^(attempt−1), at most WEBHOOKS_RETRY_MAX_SECONDS, for WEBHOOKS_GIVE_UP_HOURS after the event.
  WEBHOOKS_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  WEBHOOKS_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(86_400).default(3600),
  WEBHOOKS_GIVE_UP_HOURS: z.coerce.number().min(0.001).max(168).default(24),
  WEBHOOKS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  // A signed-in call's token is checked against the database at most this often (decision 072);
  // a sign-out reaches other processes within this time (this one at once). 0: every call.
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  // How often the worker looks for due deliveries.
  WEBHOOKS_POLL_SECONDS: z.coerce.number().min(0.05).max(60).default(1),
  // `points.low` fires when a charge takes the points balance (available + frozen) below this.
  WEBHOOKS_POINTS_LOW_THRESHOLD: integer(1, 1_000_000_000).default(100),
  ANALYTICS_MEASUREMENT_ID_MOBILE: optionalString.pipe(z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'must look like G-XXXXXXX').optional()),
  ANALYTICS_MEASUREMENT_ID_DESKTOP: optionalString.pipe(z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'must look like G-XXXXXXX').optional()),
  // Identity (Better Auth), media links, share links and sandbox payments are keyed by AUTH_SECRET.
  // Unset: generated into DATA_DIR on the embedded default, required otherwise (resolveAuthSecret).
  AUTH_SECRET: optionalString.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters')
      .refine((value) => value !== PUBLIC_DEFAULT_AUTH_SECRET, `is the old public default, which anyone can read in the source: ${MAKE_SECRET_HINT}`)
      .optional(),
  ),
  SESSION_EXPIRES_DAYS: integer(1, 365).default(7),
  AUTH_RATE_LIMIT_PER_MINUTE: integer(1, 10_000).default(20),
  PASSWORD_MIN_LENGTH: integer(1, 128).default(6),
  PASSWORD_MAX_LENGTH: integer(8, 4096).default(128),
  PASSWORD_REQUIRE_LOWERCASE: booleanFlag.default(false),
  PASSWORD_REQUIRE_UPPERCASE: booleanFlag.default(false),
  PASSWORD_REQUIRE_NUMERIC: booleanFlag.default(false),
  PASSWORD_REQUIRE_NON_ALPHANUMERIC: booleanFlag.default(false),
  PASSWORD_POLICY_ENFORCE: booleanFlag.default(true),
  // Mail: an smtp:// or smtps:// URL; without it mail goes to DATA_DIR/outbox and its links to the log.
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: z.string().min(3).default('Voxwork <no-reply@voxwork.local>'),
  // Social sign-in: a provider shows up only when both its id and secret are set.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
  // Any OpenID Connect provider (self-hosted, enterprise, or the test suite's own), by discovery URL.
  OIDC_DISCOVERY_URL: optionalString.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: z.string().min(1).default('SSO'),
  // Payments: Stripe when both keys are set; otherwise the built-in sandbox (test mode) provider.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  // Storage and uploads (issue 6): files on local disk under DATA_DIR/files, or S3-compatible object storage.
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  MEDIA_URL_TTL_SECONDS: integer(30, 7 * 86_400).default(3600),
  UPLOAD_SMALL_FILE_MAX_MB: integer(1, 10_240).default(100),
  UPLOAD_INCOMPLETE_TTL_HOURS: integer(1, 24 * 30).default(24),
  // Remote engines (issue 7): registered only when configured, used only when ENGINES_<CAPABILITY> names them.
  // @voxwork/engines' remoteEngineSettingsFromEnv reads the same variables (createEngineRegistryFromEnv).
  ...remoteEngineEnvSchema.shape,
});

export type Env = z.infer<typeof envSchema>;

/** The environment as `loadConfig` parsed it: AUTH_SECRET may still be missing (see `resolveAuthSecret`). */
export interface LoadedConfig extends Env {
  roles: Role[];
  dataDir: string;
  publicUrl: string;
  /**
   * Why this process may not generate its own AUTH_SECRET (`DATABASE_URL is set`, `NODE_ENV=production`),
   * or undefined on the embedded default, where a missing secret is generated into DATA_DIR.
   */
  authSecretRequiredBy: string | undefined;
}

/** The configuration the app runs with: `LoadedConfig` with AUTH_SECRET resolved. */
export type Config = LoadedConfig & { AUTH_SECRET: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined>): LoadedConfig {
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
    // NODE_ENV defaults to production, but only an explicit NODE_ENV=production counts here, so the
    // README's start command (no NODE_ENV) keeps generating its secret.
    authSecretRequiredBy: value.DATABASE_URL ? 'DATABASE_URL is set' : present.NODE_ENV === 'production' ? 'NODE_ENV=production' : undefined,
  };
}

/**
 * The AUTH_SECRET this process runs with (start-up, after `loadConfig`; the only file I/O of config):
 * - AUTH_SECRET set: that value (`loadConfig` already refused short values and the old public default).
 * - Else, with DATABASE_URL or an explicit NODE_ENV=production: a ConfigError saying what to set. Every
 *   process of a deployment must share one secret, which a per-process file cannot give.
 * - Else (the embedded default): `DATA_DIR/auth-secret`, created on first start with 48 random bytes
 *   (mode 0600) and read on every later start, so sessions and media links survive restarts.
 */
export function resolveAuthSecret(config: LoadedConfig): Config {
  if (config.AUTH_SECRET) return { ...config, AUTH_SECRET: config.AUTH_SECRET };
  if (config.authSecretRequiredBy) {
    throw new ConfigError(
      `AUTH_SECRET is not set. It is required because ${config.authSecretRequiredBy}: it signs sessions, media links, share links and payments, and every process of the deployment must use the same value.\n` +
        `  Make one with \`openssl rand -base64 48\` and set it as AUTH_SECRET in the environment (or .env) of every process.\n` +
        `  (Without DATABASE_URL and NODE_ENV=production, Voxwork generates one into DATA_DIR/${AUTH_SECRET_FILE} instead.)`,
    );
  }
  return { ...config, AUTH_SECRET: readOrCreateSecretFile(path.join(config.dataDir, AUTH_SECRET_FILE)) };
}

function readOrCreateSecretFile(file: string): string {
  const existing = readSecretFile(file);
  if (existing !== undefined) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  // Written to a private temporary name, then linked into place: a process starting at the same
  // moment either wins the link or reads the winner's complete file, never a half-written one.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const content = `${randomBytes(48).toString('base64url')}\n`;
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: create the file exclusively instead (EEXIST: another process won).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') writeExclusive(file, content);
    else if (code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const created = readSecretFile(file);
  if (created === undefined) throw new ConfigError(`Could not create ${file}.`);
  return created;
}

function writeExclusive(file: string, content: string) {
  try {
    writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function readSecretFile(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < 32 || secret === PUBLIC_DEFAULT_AUTH_SECRET) {
    throw new ConfigError(
      `${file} holds no usable AUTH_SECRET (fewer than 32 characters, or the old public default). Delete it to have a new one generated (everyone is signed out and media links change), or ${MAKE_SECRET_HINT}.`,
    );
  }
  // Only the owner may read it, whatever the umask or a copy did to it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return secret;
}
