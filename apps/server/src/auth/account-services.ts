import { createAccountService, createGiftCodeService, createPointsLedger, type RateLimiter } from '@voxwork/core';
import { createPointsRepository, type DatabaseHandle } from '@voxwork/db';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { createAuth } from './auth.ts';
import { createSessionCache } from './session-cache.ts';

/** Accounts, the points ledger, gift codes, mail and identity, wired once per process. */
export function createAccountServices({ database, config, log, rateLimiter }: { database: DatabaseHandle; config: Config; log: Logger; rateLimiter: RateLimiter }) {
  const points = createPointsRepository(database.db);
  const ledger = createPointsLedger({ points });
  const accounts = createAccountService({ points, ledger });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, log });
  /** What else must go when a user deletes their account (registered by other areas, e.g. their files). */
  const deletionSteps: ((userId: string) => Promise<unknown>)[] = [(userId) => points.deleteAccount(userId)];
  // Filled below: the auth's hooks forget a user's remembered sign-ins through it.
  const sessionsChanged = (userId: string) => sessions.forgetUser(userId);
  const auth = createAuth({
    config,
    database,
    accounts,
    mailer,
    log,
    afterUserDeleted: async (userId) => {
      for (const step of deletionSteps) await step(userId);
    },
    sessionsChanged,
    rateLimiter,
  });
  const sessions = createSessionCache(
    async (token) => {
      const session = await auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) });
      if (!session) return undefined;
      const disabled = await accounts.isDisabled(session.user.id);
      return { id: session.user.id, email: session.user.email, disabled, expiresAt: new Date(session.session.expiresAt).getTime() };
    },
    { ttlMs: config.SESSION_CACHE_SECONDS * 1000 },
  );
  return {
    /** The user of a bearer token (as every authenticated route checks it); undefined when unknown or expired. */
    authenticate: (token: string) => sessions.authenticate(token),
    onUserDeleted: (step: (userId: string) => Promise<unknown>) => void deletionSteps.push(step),
    points,
    ledger,
    accounts,
    giftCodes: createGiftCodeService({ points }),
    mailer,
    auth,
  };
}
