/**
 * Bearer token → its user, remembered for a few seconds (decision 072): every signed-in call
 * checks its token, and on the embedded database that check (Better Auth's session and user
 * rows, then the account's status) was most of a call's CPU (4–8 ms of the account call under
 * load). An answer is kept at most `ttlMs` and never past the session's expiry; whatever deletes a
 * session or a user in this process forgets that user's answers at once (Better Auth's database
 * hooks call `forgetUser`). Another process learns of a sign-out within `ttlMs`. Unknown tokens are
 * not remembered (a wrong token costs a lookup each time, as before). Bounded: the oldest go first.
 */
export interface SessionUser {
  id: string;
  email: string;
  disabled: boolean;
}

export interface SessionLookup extends SessionUser {
  /** When the session ends (ms since the epoch). */
  expiresAt: number;
}

export function createSessionCache(lookup: (token: string) => Promise<SessionLookup | undefined>, options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, { user: SessionUser; until: number }>();
  /** Tokens per user, so a sign-out (which names the session, not our key) forgets them all. */
  const tokensOf = new Map<string, Set<string>>();
  // Bumped by every forget: a lookup that started before it must not store what it read.
  let generation = 0;

  const drop = (token: string) => {
    const known = answers.get(token);
    if (!known) return;
    answers.delete(token);
    const tokens = tokensOf.get(known.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(known.user.id);
  };

  return {
    async authenticate(token: string): Promise<SessionUser | undefined> {
      if (options.ttlMs <= 0) return lookup(token);
      const known = answers.get(token);
      if (known && known.until > now()) return known.user;
      if (known) drop(token);
      const startedAt = generation;
      const found = await lookup(token);
      if (!found) return undefined;
      const user: SessionUser = { id: found.id, email: found.email, disabled: found.disabled };
      const until = Math.min(now() + options.ttlMs, found.expiresAt);
      if (startedAt === generation && until > now()) {
        if (answers.size >= maxEntries) drop(answers.keys().next().value!);
        answers.set(token, { user, until });
        let tokens = tokensOf.get(user.id);
        if (!tokens) tokensOf.set(user.id, (tokens = new Set()));
        tokens.add(token);
      }
      return user;
    },
    /** Forget every remembered token of this user (a session of theirs was deleted, or they were). */
    forgetUser(userId: string): void {
      generation += 1;
      for (const token of [...(tokensOf.get(userId) ?? [])]) drop(token);
    },
    /** How many answers are held (for tests). */
    get size() {
      return answers.size;
    },
  };
}
