import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES, type User } from '../../../shared/api/auth.ts';
import { isSelfRegisterRole, type Role } from '../../../shared/roles.ts';
import { JOIN_MESSAGES } from '../../../shared/teams.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { countHit } from '../../db/rate-counter.ts';
import { badRequest, forbidden, tooMany, unauthorized } from '../../http-error.ts';
import { enqueueEmail } from '../../mail/outbox.ts';
import { newLinkToken, sha256 } from '../../secrets.ts';
import type { AccessTokens } from './access-tokens.ts';
import { consumeVerification, markEmailVerified, sendVerification } from './email-verification.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { adoptInvites, releasePlaceholder } from './placeholders.ts';
import * as queries from './queries.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The rate-limit counter of verification emails per account (shared with the resend route). */
export const VERIFY_LIMIT_KEY = 'verify:account';
/** Forgot-password answers no sooner than this, whether or not the account exists. */
const FORGOT_PASSWORD_MIN_MS = 400;

export interface AuthDeps {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  /** Tells the mail sender something was queued. */
  mailQueued: () => void;
  /** Whether a team has this invite code (teams sit above accounts, so the composition root supplies it). */
  inviteCodeExists: (code: string) => Promise<boolean>;
}

export function toUser(row: queries.UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    email_verified: row.emailVerifiedAt !== null,
    pending_email: row.pendingEmail,
  };
}

export function createAuthService({ db, config, tokens, mailQueued, inviteCodeExists }: AuthDeps) {
  const issueToken = (row: queries.UserRow) =>
    tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });

  /** Verification emails an account may cause per hour (the resend route counts under the same key). */
  async function useVerificationAllowance(userId: number): Promise<void> {
    const hit = await countHit(db, `${VERIFY_LIMIT_KEY}:${userId}`, 60 * 60 * 1000);
    if (hit.count > config.VERIFY_EMAIL_LIMIT_PER_ACCOUNT) {
      throw tooMany(
        AUTH_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil(hit.ttlMs / 60_000))),
        hit.ttlMs / 1000,
      );
    }
  }

  return {
    async register(input: {
      name: string;
      email: string;
      phone: string | null;
      password: string;
      role: Role;
      invite_code?: string | undefined;
    }) {
      if (!isSelfRegisterRole(input.role)) throw forbidden(AUTH_MESSAGES.adminRefused);
      // A join-team sign-up names its code: a wrong one creates no account.
      if (input.invite_code !== undefined && !(await inviteCodeExists(input.invite_code))) {
        throw badRequest(JOIN_MESSAGES.invalidCode);
      }
      // A password-less account an invite made is no one's yet: its address registers as a free one
      // would (placeholders.ts). An address in use answers as before.
      const existing = await queries.findUserByEmail(db, input.email);
      if (existing && existing.passwordHash !== null) throw badRequest(AUTH_MESSAGES.emailTaken);
      const passwordHash = await hashPassword(input.password);
      const row = await db.transaction(async (tx) => {
        const invites = await releasePlaceholder(tx, input.email);
        const inserted = await queries.insertUser(tx, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          role: input.role,
          passwordHash,
        });
        if (!inserted) throw badRequest(AUTH_MESSAGES.emailTaken);
        await adoptInvites(tx, inserted.id, invites);
        await sendVerification(tx, config, inserted, inserted.email);
        return inserted;
      });
      mailQueued();
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
      if (!row) return undefined;
      if (row.tokenVersion === claims.tokenVersion) return row;
      // An older token: only the one kept by the last password change still works.
      return row.keptTokenHash !== null && row.keptTokenHash === sha256(token) ? row : undefined;
    },

    /**
     * Name and phone change at once. A new email only becomes pending: a link goes to the new address
     * and the change happens when it is followed. The answer is the same whether or not that address
     * belongs to another account (nothing reveals whether an account exists).
     */
    async updateProfile(user: queries.UserRow, input: { name: string; email: string; phone: string | null }) {
      const wanted = input.email === user.email ? null : input.email;
      const asksAgain = wanted !== null && wanted !== user.pendingEmail;
      // Each new address gets an email: counted with 'Resend link', so nobody floods a stranger's inbox.
      if (asksAgain) await useVerificationAllowance(user.id);
      const row = await db.transaction(async (tx) => {
        const updated = await queries.updateProfile(tx, user.id, {
          name: input.name,
          phone: input.phone,
          pendingEmail: wanted,
        });
        if (updated && asksAgain) await sendVerification(tx, config, updated, wanted);
        return updated;
      });
      if (!row) throw unauthorized(AUTH_MESSAGES.tokenInvalid);
      if (asksAgain) mailQueued();
      return toUser(row);
    },

    /**
     * Follows a verification link, signed in as `user`: confirms the address, or makes the pending new
     * one the account's. A link made for another account confirms nothing and stays usable by its
     * owner: only that account's bearer may use it (email-verification.ts).
     */
    async verifyEmail(user: queries.UserRow, token: string): Promise<void> {
      const done = await db
        .transaction(async (tx) => {
          const link = await consumeVerification(tx, token, user.id);
          if (link === 'other-account') throw forbidden(AUTH_MESSAGES.verifyOtherAccount);
          const row = link && (await queries.findUserById(tx, user.id));
          if (!link || !row) return false;
          if (link.email === row.email) {
            await markEmailVerified(tx, row.id);
            return true;
          }
          if (link.email !== row.pendingEmail) return false;
          // The link proved the inbox: a placeholder of that address gives way, its invites come along.
          const invites = await releasePlaceholder(tx, link.email);
          if (!(await queries.confirmPendingEmail(tx, row.id, link.email))) return false;
          await adoptInvites(tx, row.id, invites);
          return true;
        })
        .catch((error: unknown) => {
          // The new address was taken by another account after the link went out.
          if (isUniqueViolation(error)) throw badRequest(AUTH_MESSAGES.emailTaken);
          throw error;
        });
      if (!done) throw badRequest(AUTH_MESSAGES.verifyInvalid);
    },

    /** Sends the link again: to the pending new address, or to the account's unconfirmed one. */
    async resendVerification(user: queries.UserRow): Promise<string> {
      const to = user.pendingEmail ?? (user.emailVerifiedAt === null ? user.email : null);
      if (to === null) throw badRequest(AUTH_MESSAGES.alreadyVerified);
      await sendVerification(db, config, user, to);
      mailQueued();
      return to;
    },

    /** Changes the password, signs out every other session and returns a fresh token for this one. */
    /**
     * Every other session ends. This one goes on with the token it sent (a client that reads nothing
     * from the answer keeps it), and the answer also hands it a fresh one.
     */
    async changePassword(
      user: queries.UserRow,
      sessionToken: string,
      currentPassword: string,
      newPassword: string,
    ): Promise<string> {
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
      }
      const row = await queries.replacePassword(db, user.id, await hashPassword(newPassword), {
        keptTokenHash: sha256(sessionToken),
      });
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
        await db.transaction(async (tx) => {
          await queries.insertResetToken(tx, row.id, tokenHash, new Date(Date.now() + RESET_TOKEN_TTL_MS));
          await enqueueEmail(tx, {
            to: row.email,
            template: 'password-reset',
            params: { name: row.name, link: `/reset-password?token=${encodeURIComponent(token)}` },
          });
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
        // The link reached the owner's inbox: the address is theirs.
        await markEmailVerified(tx, userId);
        return true;
      });
      if (!done) throw badRequest(AUTH_MESSAGES.resetInvalid);
    },

    /** A short name for one reset link, so guesses at one link are limited even from many addresses. */
    resetTokenKey: (token: string) => sha256(token).slice(0, 16),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
