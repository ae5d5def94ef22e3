import { accountMail, type AccountService, type RateLimiter } from '@voxwork/core';
import { checkNickname, checkPassword, pickLocale, type PasswordPolicy, type PasswordRule } from '@voxwork/contract';
import { authAccounts, authRateLimits, authSessions, authUsers, authVerifications, type DatabaseHandle } from '@voxwork/db';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer, genericOAuth, oauthPopup } from 'better-auth/plugins';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Mailer } from '../mail/mailer.ts';
import { machineAddresses, trustedOriginsFor } from './trusted-origins.ts';

/**
 * Whether a line Better Auth logs at `error` is its refusal of what a client sent (an origin or a
 * callback URL it does not trust, a cross-site sign-in), answered with 403: a client's doing.
 */
export function isClientRefusal(message: string): boolean {
  return /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b|Blocked cross-site navigation login attempt)/.test(message);
}

/**
 * Better Auth's rate-limit storage on the product's rate limiter: `key` is Better Auth's (address
 * and path), the rule its window and maximum for that path.
 */
export function authRateLimitStorage(limiter: Pick<RateLimiter, 'consume'>) {
  return {
    consume: async (key: string, rule: { window: number; max: number }) => {
      const decision = await limiter.consume({ name: 'auth', limit: rule.max, windowSeconds: rule.window }, key);
      return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.retryAfterSeconds };
    },
  };
}

export function passwordPolicyFrom(config: Config): PasswordPolicy {
  return {
    minLength: config.PASSWORD_MIN_LENGTH,
    maxLength: config.PASSWORD_MAX_LENGTH,
    requireLowercase: config.PASSWORD_REQUIRE_LOWERCASE,
    requireUppercase: config.PASSWORD_REQUIRE_UPPERCASE,
    requireNumeric: config.PASSWORD_REQUIRE_NUMERIC,
    requireNonAlphanumeric: config.PASSWORD_REQUIRE_NON_ALPHANUMERIC,
    enforced: config.PASSWORD_POLICY_ENFORCE,
  };
}

export interface ConfiguredProvider {
  id: string;
  name: string;
  type: 'social' | 'oidc';
}

/** Social providers whose id and secret are both configured; only these get a sign-in button. */
export function configuredProviders(config: Config): ConfiguredProvider[] {
  const providers: ConfiguredProvider[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) providers.push({ id: 'google', name: 'Google', type: 'social' });
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET) providers.push({ id: 'facebook', name: 'Facebook', type: 'social' });
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) providers.push({ id: 'github', name: 'GitHub', type: 'social' });
  if (config.TWITTER_CLIENT_ID && config.TWITTER_CLIENT_SECRET) providers.push({ id: 'twitter', name: 'X (Twitter)', type: 'social' });
  if (config.OIDC_DISCOVERY_URL && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) providers.push({ id: 'oidc', name: config.OIDC_PROVIDER_NAME, type: 'oidc' });
  return providers;
}

/** Paths whose body may carry a display name. */
const NAME_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

/** Why a nickname in an auth request is refused (undefined when fine or absent). */
export function nicknameViolation(path: string, body: unknown): string | undefined {
  if (!NAME_PATHS.has(path) || !body || typeof body !== 'object') return undefined;
  const { name } = body as { name?: unknown };
  if (name === undefined) return undefined;
  if (typeof name !== 'string') return 'empty';
  return checkNickname(name);
}

/** Paths whose body carries a new password (`password` or `newPassword`). */
const PASSWORD_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/reset-password', '/api/auth/change-password', '/api/auth/set-password']);

/**
 * The rules a new password in an auth request breaks (empty when fine or not a password request).
 * Checked at the edge, before Better Auth sees the request, so every path enforces the same policy.
 */
export function passwordPolicyViolations(policy: PasswordPolicy, path: string, body: unknown): PasswordRule[] {
  if (!policy.enforced || !PASSWORD_PATHS.has(path) || !body || typeof body !== 'object') return [];
  const { password, newPassword } = body as { password?: unknown; newPassword?: unknown };
  const candidate = typeof newPassword === 'string' ? newPassword : typeof password === 'string' ? password : undefined;
  return candidate === undefined ? [] : checkPassword(policy, candidate);
}

const localeOf = (request?: Request) => pickLocale(request?.headers.get('accept-language'));

/**
 * Identity on our own server: Better Auth with the Drizzle adapter on the app's database (PGlite or
 * PostgreSQL). Email + password with verification, password reset, change of email and password,
 * account deletion, social and OpenID Connect providers from config (popup or redirect), bearer
 * tokens for the call contract, rate limiting by the product's limiter (sliding windows in the database). Sessions need a recent sign-in
 * (`freshAge`) for sensitive operations.
 */
export function createAuth(options: {
  config: Config;
  database: DatabaseHandle;
  accounts: AccountService;
  mailer: Mailer;
  log: Logger;
  /** Runs after a user deleted their account (files, account row). */
  afterUserDeleted: (userId: string) => Promise<void>;
  /** Told when a session of this user was deleted (sign-out, revocation) or the user changed: remembered sign-ins go. */
  sessionsChanged?: (userId: string) => void;
  /** Counts the auth routes' hits (the product's one rate limiter, sliding windows in the database). */
  rateLimiter: RateLimiter;
}) {
  const { config, database, accounts, mailer, log } = options;
  const policy = passwordPolicyFrom(config);
  const provider = (id: string) => configuredProviders(config).some((candidate) => candidate.id === id);
  const sendMail = (kind: Parameters<typeof accountMail>[0]) => async (data: { user: { email: string; name: string }; url: string; newEmail?: string }, request?: Request) => {
    await mailer.send(accountMail(kind, localeOf(request), data.newEmail ?? data.user.email, data.url, data.user.name));
  };

  return betterAuth({
    appName: 'Voxwork',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    // Better Auth's own messages go to the structured log, not the console.
    // Its refusals of a request (an untrusted origin, a cross-site sign-in) are the client's doing: a warning with the 403 it answers, not an error.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        if (level === 'error' && isClientRefusal(message)) log.warn({ component: 'auth', statusCode: 403, details: args.length ? args : undefined }, message);
        else log[level]({ component: 'auth', details: args.length ? args : undefined }, message);
      },
    },
    // A refusal thrown before an endpoint runs (an untrusted origin) would otherwise be printed to the console.
    onAPIError: {
      onError: (error) => {
        if (error instanceof APIError && error.statusCode < 500) log.info({ component: 'auth', status: error.statusCode, code: (error.body as { code?: string } | undefined)?.code }, error.message);
        else log.error({ component: 'auth', err: error }, 'auth request failed');
      },
    },
    secret: config.AUTH_SECRET,
    // PUBLIC_URL and the addresses this server is reached at directly (127.0.0.1, localhost, …) on its port.
    trustedOrigins: trustedOriginsFor({ publicUrl: config.publicUrl, port: config.PORT, host: config.HOST, ...machineAddresses() }),
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications, rateLimit: authRateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: policy.enforced ? policy.minLength : 1,
      maxPasswordLength: policy.enforced && policy.maxLength ? policy.maxLength : 4096,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: sendMail('reset-password'),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      sendVerificationEmail: sendMail('verify-email'),
    },
    user: {
      changeEmail: { enabled: true, sendChangeEmailConfirmation: sendMail('change-email') },
      deleteUser: {
        enabled: true,
        afterDelete: async (user) => {
          await options.afterUserDeleted(user.id);
          log.info({ userId: user.id }, 'account deleted');
        },
      },
    },
    session: {
      expiresIn: config.SESSION_EXPIRES_DAYS * 24 * 3600,
      updateAge: 24 * 3600,
      freshAge: 10 * 60,
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google', 'github', 'facebook', 'twitter', 'oidc'] },
    },
    socialProviders: {
      ...(provider('google') ? { google: { clientId: config.GOOGLE_CLIENT_ID!, clientSecret: config.GOOGLE_CLIENT_SECRET! } } : {}),
      ...(provider('facebook') ? { facebook: { clientId: config.FACEBOOK_CLIENT_ID!, clientSecret: config.FACEBOOK_CLIENT_SECRET! } } : {}),
      ...(provider('github') ? { github: { clientId: config.GITHUB_CLIENT_ID!, clientSecret: config.GITHUB_CLIENT_SECRET! } } : {}),
      ...(provider('twitter') ? { twitter: { clientId: config.TWITTER_CLIENT_ID!, clientSecret: config.TWITTER_CLIENT_SECRET! } } : {}),
    },
    rateLimit: {
      enabled: true,
      // Better Auth's own storages restart a window only after a pause as long as the window: under
      // steady traffic from one address (an office, a school, the browser tests) the count never
      // restarted and every sign-up past the limit was refused, minutes after the burst was over.
      // The product's limiter counts sliding windows (decision 022); Better Auth keys by address and path.
      customStorage: authRateLimitStorage(options.rateLimiter),
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
        '/sign-up/email': { window: 60, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
        '/request-password-reset': { window: 60, max: Math.max(3, Math.floor(config.AUTH_RATE_LIMIT_PER_MINUTE / 4)) },
        '/send-verification-email': { window: 60, max: Math.max(3, Math.floor(config.AUTH_RATE_LIMIT_PER_MINUTE / 4)) },
      },
    },
    advanced: {
      // Better Auth skips its origin check when NODE_ENV=test or TEST is set; ours runs everywhere, tests included.
      disableOriginCheck: false,
      // Served over HTTPS (PUBLIC_URL https, TLS ending at a proxy): session cookies are Secure and
      // carry the __Secure- prefix; on plain http (development, tests) they cannot be (decision 024).
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // The edge sets x-forwarded-for from the socket (or trusted proxies) before Better Auth sees the request.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await accounts.ensureAccount(user.id);
            log.info({ userId: user.id }, 'account created');
          },
        },
        update: { after: async (user) => options.sessionsChanged?.(user.id) },
      },
      session: {
        create: {
          before: async (session) => {
            if (await accounts.isDisabled(session.userId)) throw new APIError('FORBIDDEN', { code: 'USER_DISABLED', message: 'user disabled' });
          },
        },
        // Sign-out, revocations, a password reset, a deleted user: each deleted session passes here.
        delete: { after: async (session) => options.sessionsChanged?.(session.userId) },
      },
    },
    plugins: [
      bearer(),
      oauthPopup(),
      ...(provider('oidc')
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  discoveryUrl: config.OIDC_DISCOVERY_URL!,
                  clientId: config.OIDC_CLIENT_ID!,
                  clientSecret: config.OIDC_CLIENT_SECRET!,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
