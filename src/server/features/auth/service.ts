import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES, type User } from '../../../shared/api/auth.ts';
import type { Role } from '../../../shared/roles.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, forbidden, unauthorized } from '../../http-error.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { passwordResetEmail } from '../../mail/templates.ts';
import { newLinkToken, sha256 } from '../../secrets.ts';
import type { AccessTokens } from './access-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as queries from './queries.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Forgot-password answers no sooner than this, whether or not the account exists. */
const FORGOT_PASSWORD_MIN_MS = 400;

export interface AuthDeps {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  /** Tells the mail sender something was queued. */
  mailQueued: () => void;
}

export function toUser(row: queries.UserRow): User {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role as Role };
}

export function createAuthService({ db, config, tokens, mailQueued }: AuthDeps) {
  const issueToken = (row: queries.UserRow) =>
    tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });

  return {
    async register(input: {
      name: string;
      email: string;
      phone: string | null;
      password: string;
      role: Role;
    }) {
      if (input.role === 'admin') throw forbidden(AUTH_MESSAGES.adminRefused);
      if (await queries.findUserByEmail(db, input.email)) throw badRequest(AUTH_MESSAGES.emailTaken);
      const row = await queries.insertUser(db, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        role: input.role,
        passwordHash: await hashPassword(input.password),
      });
      if (!row) throw badRequest(AUTH_MESSAGES.emailTaken);
      return toUser(row);
    },

    async signIn(email: string, password: string): Promise<string> {
      const row = await queries.findUserByEmail(db, email);
      const ok = await verifyPassword(row?.passwordHash, password);
      if (!row || !ok) throw unauthorized(AUTH_MESSAGES.badCredentials);
      return issueToken(row);
    },

    /** The user a bearer token stands for, if the token is valid and not revoked by a password change. */
    async authenticate(token: string): Promise<queries.UserRow | undefined> {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      const row = await queries.findUserById(db, claims.userId);
      return row && row.tokenVersion === claims.tokenVersion ? row : undefined;
    },

    async updateProfile(userId: number, input: { name: string; email: string; phone: string | null }) {
      const other = await queries.findUserByEmail(db, input.email);
      if (other && other.id !== userId) throw badRequest(AUTH_MESSAGES.emailTaken);
      try {
        const row = await queries.updateProfile(db, userId, input);
        if (!row) throw unauthorized(AUTH_MESSAGES.tokenInvalid);
        return toUser(row);
      } catch (error) {
        // Someone took the email between the check and the update: the unique index refused it.
        if (isUniqueViolation(error)) {
          throw badRequest(AUTH_MESSAGES.emailTaken);
        }
        throw error;
      }
    },

    /** Changes the password, signs out every other session and returns a fresh token for this one. */
    async changePassword(
      user: queries.UserRow,
      currentPassword: string,
      newPassword: string,
    ): Promise<string> {
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
      }
      const row = await queries.replacePassword(db, user.id, await hashPassword(newPassword));
      if (!row) throw unauthorized(AUTH_MESSAGES.tokenInvalid);
      return issueToken(row);
    },

    /** Emails a one-hour, single-use reset link. Same answer and timing whether or not the account exists. */
    async forgotPassword(email: string): Promise<void> {
      const started = Date.now();
      const token = newLinkToken();
      const tokenHash = sha256(token);
      const row = await queries.findUserByEmail(db, email);
      if (row) {
        const url = `${config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
        await db.transaction(async (tx) => {
          await queries.insertResetToken(tx, row.id, tokenHash, new Date(Date.now() + RESET_TOKEN_TTL_MS));
          await enqueueEmail(
            tx,
            passwordResetEmail({ to: row.email, name: row.name, clubName: config.CLUB_NAME, url }),
          );
        });
        mailQueued();
      }
      const elapsed = Date.now() - started;
      if (elapsed < FORGOT_PASSWORD_MIN_MS) await sleep(FORGOT_PASSWORD_MIN_MS - elapsed);
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const done = await db.transaction(async (tx) => {
        const userId = await queries.consumeResetToken(tx, sha256(token));
        if (userId === undefined) return false;
        await queries.replacePassword(tx, userId, passwordHash);
        await queries.retireResetTokens(tx, userId);
        return true;
      });
      if (!done) throw badRequest(AUTH_MESSAGES.resetInvalid);
    },

    /** A short name for one reset link, so guesses at one link are limited even from many addresses. */
    resetTokenKey: (token: string) => sha256(token).slice(0, 16),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
