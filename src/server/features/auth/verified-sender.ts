import { AUTH_MESSAGES } from '../../../shared/api/auth.ts';
import { forbidden } from '../../http-error.ts';
import type { UserRow } from './queries.ts';

// docs/product/accounts-and-sign-in.md 'Confirming an email address': every email a user's action sends
// to other people (invites, a new poll to the team) goes out only from an account whose owner proved they
// read its address. Otherwise anyone could sign up as a coach with any address and at once send the
// club's emails to strangers. The one check every such path uses (docs/decisions/007).

/** Whether the user may cause emails to other people. */
export const isVerifiedSender = (user: Pick<UserRow, 'emailVerifiedAt'>): boolean =>
  user.emailVerifiedAt !== null;

/** Refuses (403 {detail}) an action that would email other people for an account with an unconfirmed email. */
export function requireVerifiedSender(user: Pick<UserRow, 'emailVerifiedAt'>): void {
  if (!isVerifiedSender(user)) throw forbidden(AUTH_MESSAGES.verifyBeforeSending);
}
