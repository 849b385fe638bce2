import { AUTH_MESSAGES } from '../../../shared/api/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { clearHits, countHit, type Hit, isRecent, markRecent, undoHit } from '../../db/rate-counter.ts';
import { tooMany } from '../../http-error.ts';

// Limits on password guesses (docs/product/limits-and-abuse.md 'Guesses and emails'; docs/decisions/008):
// signing in, and the current password that change-password asks for. Only wrong passwords count:
// every attempt is counted before its password is checked and a correct one is taken back afterwards,
// so a burst of parallel guesses cannot slip past a limit while the first ones are being checked.
//
// Sign-in counts failures per (account, address), per address and per account; a correct sign-in
// clears the failures of its pair, so a whole clubhouse behind one router gets in. An address from which
// the account signed in within the last LOGIN_TRUSTED_ADDRESS_DAYS is trusted for it: that pair is held
// only by its own pair limit, neither by the per-account ceiling (a stranger guessing from elsewhere
// cannot lock the owner out) nor by the per-address limit (one person failing at the clubhouse cannot
// lock out the parents who sign in there).
//
// Change-password counts wrong current passwords per account and per address: a session token must not
// become a way to guess the password at full speed.

const key = {
  pair: (account: string, address: string) => `login:account-ip:${account}|${address}`,
  address: (address: string) => `login:ip:${address}`,
  account: (account: string) => `login:account:${account}`,
  trusted: (account: string, address: string) => `login:trusted:${account}|${address}`,
  changeAccount: (userId: number) => `password-change:account:${userId}`,
  changeAddress: (address: string) => `password-change:ip:${address}`,
};

/** A counter of failures and the most it may hold in a window. */
interface Limit {
  key: string;
  max: number;
}

/** What a correct password takes back: the hits it counted, and for a sign-in its pair. */
export interface PasswordAttempt {
  counted: string[];
  signIn?: { account: string; address: string };
}

export function createSignInLimits(db: Db, config: Config) {
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const refuse = (hit: Hit) =>
    tooMany(AUTH_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil(hit.ttlMs / 60_000))), hit.ttlMs / 1000);

  /** Counts one attempt on each limit in turn, answering 429 at the first one past its maximum. */
  async function count(limits: Limit[]): Promise<string[]> {
    const counted: string[] = [];
    for (const limit of limits) {
      const hit = await countHit(db, limit.key, windowMs);
      counted.push(limit.key);
      if (hit.count > limit.max) throw refuse(hit);
    }
    return counted;
  }

  return {
    /**
     * Counts a sign-in attempt (account lower-cased, address as `clientAddress` gives it) and answers
     * 429 when a limit is reached. Call before checking the password.
     */
    async begin(account: string, address: string): Promise<PasswordAttempt> {
      const trusted = await isRecent(db, key.trusted(account, address));
      const counted = await count([
        { key: key.pair(account, address), max: config.LOGIN_LIMIT_PER_ACCOUNT_IP },
        ...(trusted ? [] : [{ key: key.address(address), max: config.LOGIN_LIMIT_PER_IP }]),
        // Counted for a trusted pair too (the ceiling still sees a guesser's attempts), never held by it.
        {
          key: key.account(account),
          max: trusted ? Number.POSITIVE_INFINITY : config.LOGIN_LIMIT_PER_ACCOUNT,
        },
      ]);
      return { counted, signIn: { account, address } };
    },

    /** Counts a change-password attempt of the signed-in account. Call before checking its current password. */
    async beginPasswordCheck(userId: number, address: string): Promise<PasswordAttempt> {
      return {
        counted: await count([
          { key: key.changeAccount(userId), max: config.PASSWORD_CHANGE_LIMIT_PER_ACCOUNT },
          { key: key.changeAddress(address), max: config.PASSWORD_CHANGE_LIMIT_PER_IP },
        ]),
      };
    },

    /**
     * The password was right: the attempt counts nowhere. A sign-in also forgets its pair's failures and
     * makes the address trusted for the account.
     */
    async succeeded({ counted, signIn }: PasswordAttempt): Promise<void> {
      for (const hitKey of counted) await undoHit(db, hitKey);
      if (!signIn) return;
      await clearHits(db, key.pair(signIn.account, signIn.address));
      await markRecent(
        db,
        key.trusted(signIn.account, signIn.address),
        config.LOGIN_TRUSTED_ADDRESS_DAYS * 86_400_000,
      );
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
