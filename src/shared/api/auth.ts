import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { ROLES, SELF_REGISTER_ROLES } from '../roles.ts';
import {
  emailField,
  existingPasswordField,
  inviteCodeField,
  nameField,
  newPasswordField,
  phoneField,
  textError,
} from './fields.ts';

// Request and response shapes of the auth endpoints (docs/product/accounts-and-sign-in.md).

export const userSchema = defineSchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
    /** The owner followed a link sent to `email` (docs/product/accounts-and-sign-in.md). */
    email_verified: z.boolean(),
    /** A new address waiting for its link to be followed; `email` stays until then. */
    pending_email: z.string().nullable(),
  }),
);
export type User = z.infer<typeof userSchema>;

export const verifyEmailBody = defineSchema(() =>
  z.object({
    token: z
      .string({ error: textError('Verification token') })
      .min(1, 'Verification token is required')
      .max(200, 'This link is invalid or has expired.'),
  }),
);

export const registerBody = defineSchema(() =>
  z.object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: newPasswordField,
    // 'admin' is named here so the server can refuse it with a clear 403 instead of a generic 400.
    role: z.enum([...SELF_REGISTER_ROLES, 'admin'], {
      error: `Role must be one of: ${SELF_REGISTER_ROLES.join(', ')}`,
    }),
    /** Joining with a code: checked before the account is made, so a wrong code creates nothing. */
    invite_code: inviteCodeField.optional(),
  }),
);

/** OAuth2-style password grant: form fields username (the email) and password. */
export const tokenBody = defineSchema(() =>
  z.object({
    username: z
      .string({ error: textError('Email') })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email is too long')
      .transform((email) => email.toLowerCase()),
    password: existingPasswordField,
  }),
);

export const tokenResponse = defineSchema(() =>
  z.object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
  }),
);

export const profileBody = defineSchema(() =>
  z.object({
    name: nameField,
    email: emailField,
    phone: phoneField,
  }),
);

export const changePasswordBody = defineSchema(() =>
  z.object({
    current_password: existingPasswordField,
    new_password: newPasswordField,
  }),
);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** Change password signs out every other session and hands this one a fresh token. */
export const changePasswordResponse = defineSchema(() =>
  z.object({
    detail: z.string(),
    access_token: z.string(),
    token_type: z.literal('bearer'),
  }),
);

export const forgotPasswordBody = defineSchema(() => z.object({ email: emailField }));

export const resetPasswordBody = defineSchema(() =>
  z.object({
    token: z
      .string({ error: textError('Reset token') })
      .min(1, 'Reset token is required')
      .max(200, 'Reset token is invalid'),
    new_password: newPasswordField,
  }),
);

export const detailResponse = defineSchema(() => z.object({ detail: z.string() }));

export const publicConfigResponse = defineSchema(() =>
  z.object({
    club_name: z.string(),
    team_time_zone: z.string(),
    /** Hours before an event of its automatic RSVP reminder, for a team that did not choose (0: off). */
    rsvp_reminder_hours_default: z.number().int(),
  }),
);
export type PublicConfig = z.infer<typeof publicConfigResponse>;

// Messages the server answers that the page also shows.
export const AUTH_MESSAGES = {
  badCredentials: 'Incorrect email or password',
  emailTaken: 'An account with this email already exists',
  adminRefused: 'Admin accounts cannot be created by registration',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  forgotAccepted:
    'If an account exists for that email, we have sent a link to reset the password. The link is valid for one hour.',
  resetDone: 'Your password has been reset. You can now sign in with the new password.',
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  notAuthenticated: 'Not authenticated',
  tokenInvalid: 'Token expired or invalid',
  emailVerified: 'Your email address is confirmed.',
  verifyInvalid: 'This link is invalid or has expired. Sign in and ask for a new one.',
  /** A verification link followed while signed in to another account: it confirms only its own account's address. */
  verifyOtherAccount:
    'This link confirms the email address of another account. Sign in to the account it was sent for, then follow the link again.',
  alreadyVerified: 'Your email address is already confirmed.',
  verificationSent: (email: string) =>
    `We sent a link to ${email}. Please follow it to confirm your email address.`,
  emailChangePending: (email: string) => `We sent a link to ${email}. Your email changes when you follow it.`,
  /** An action that emails other people (invites, a poll to the team) from an account whose email is not confirmed. */
  verifyBeforeSending:
    "Please confirm your email address first: emails to other people (invites, polls) go out only from accounts with a confirmed email. Follow the link we sent you, or use 'Resend link'.",
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const;
