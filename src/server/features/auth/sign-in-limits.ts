import { AUTH_MESSAGES } from '../../../shared/api/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { clearHits, countHit, type Hit, isRecent, markRecent, undoHit } from '../../db/rate-counter.ts';
import { tooMany } from '../../http-error.ts';

// Sign-in limits (DECISIONS.md 'Sign-in limits count failures only'; docs/decisions/008). Failures are
// counted per (account, address), per address and per account; a correct sign-in counts nowhere and
// clears the failures of its (account, address) pair, so a whole clubhouse behind one router gets in.
// Every attempt is counted before its password is checked and a correct one is taken back afterwards,
// so a burst of parallel guesses cannot slip past a limit while the first ones are being checked.
// The per-account ceiling stops a guesser spread over many addresses; an address from which the
// account signed in within the last LOGIN_TRUSTED_ADDRESS_DAYS is not held by that ceiling, only by its
// own pair limit, so a stranger cannot lock the owner out of the places they sign in from.

const key = {
  pair: (account: string, address: string) => `login:account-ip:${account}|${address}`,
  address: (address: string) => `login:ip:${address}`,
  account: (account: string) => `login:account:${account}`,
  trusted: (account: string, address: string) => `login:trusted:${account}|${address}`,
};

export interface SignInAttempt {
  account: string;
  address: string;
}

export function createSignInLimits(db: Db, config: Config) {
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  const refuse = (hit: Hit) =>
    tooMany(AUTH_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil(hit.ttlMs / 60_000))), hit.ttlMs / 1000);

  return {
    /**
     * Counts the attempt (account lower-cased, address as `clientAddress` gives it) and answers 429 when
     * a limit is reached. Call before checking the password.
     */
    async begin(account: string, address: string): Promise<SignInAttempt> {
      const pair = await countHit(db, key.pair(account, address), windowMs);
      if (pair.count > config.LOGIN_LIMIT_PER_ACCOUNT_IP) throw refuse(pair);
      const fromAddress = await countHit(db, key.address(address), windowMs);
      if (fromAddress.count > config.LOGIN_LIMIT_PER_IP) throw refuse(fromAddress);
      const ofAccount = await countHit(db, key.account(account), windowMs);
      if (
        ofAccount.count > config.LOGIN_LIMIT_PER_ACCOUNT &&
        !(await isRecent(db, key.trusted(account, address)))
      ) {
        throw refuse(ofAccount);
      }
      return { account, address };
    },

    /** The password was right: the attempt counts nowhere, and the pair's failures are forgotten. */
    async succeeded({ account, address }: SignInAttempt): Promise<void> {
      await clearHits(db, key.pair(account, address));
      await undoHit(db, key.address(address));
      await undoHit(db, key.account(account));
      await markRecent(db, key.trusted(account, address), config.LOGIN_TRUSTED_ADDRESS_DAYS * 86_400_000);
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
