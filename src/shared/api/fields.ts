import { z } from 'zod';
import { defineSchema } from '../define-schema.ts';
import { PASSWORD_MAX_LENGTH, passwordErrors } from '../password-policy.ts';
import { INVITE_CODE_LENGTH, normalizeInviteCode } from '../teams.ts';

// Field rules used by several request schemas. Messages name the field, since the server
// answers them as the `detail` of a 400.

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 30;

/** zod's message for a missing or wrongly typed text field. */
export const textError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;

export const nameField = defineSchema(() =>
  z
    .string({ error: textError('Name') })
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH, `Name must be no more than ${NAME_MAX_LENGTH} characters`),
);

/** Emails are compared and stored trimmed and in lower case. */
export const emailField = defineSchema(() =>
  z
    .string({ error: textError('Email') })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, 'Email is too long')
    .pipe(z.email('Email must be a valid email address'))
    .transform((email) => email.toLowerCase()),
);

/** Optional phone: blank becomes null. Digits, spaces and + ( ) - . only. */
export const phoneField = defineSchema(() =>
  z
    .string({ error: textError('Phone') })
    .trim()
    .max(PHONE_MAX_LENGTH, `Phone must be no more than ${PHONE_MAX_LENGTH} characters`)
    .regex(/^[0-9+().\-\s]*$/, 'Phone may contain only digits, spaces and + ( ) - .')
    .nullish()
    .transform((phone) => (phone ? phone : null)),
);

/** A new password under the policy; the first failing rule's message is the error. */
export const newPasswordField = defineSchema(() =>
  z
    .string({ error: textError('Password') })
    .max(PASSWORD_MAX_LENGTH * 4, `Password must be no more than ${PASSWORD_MAX_LENGTH} characters long`)
    .superRefine((password, ctx) => {
      const [first] = passwordErrors(password);
      if (first) ctx.addIssue({ code: 'custom', message: first });
    }),
);

/** A password being checked (sign-in, current password): any non-empty text of sane length. */
export const existingPasswordField = defineSchema(() =>
  z
    .string({ error: textError('Password') })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
);

export const inviteCodeField = defineSchema(() =>
  z
    .string({ error: textError('Invite code') })
    .transform(normalizeInviteCode)
    .pipe(z.string().length(INVITE_CODE_LENGTH, `Invite code must be ${INVITE_CODE_LENGTH} characters`)),
);

// Optional fields of the team, roster and joining schemas.

export const optionalText = (label: string, max = 200) =>
  z
    .string({ error: textError(label) })
    .trim()
    .max(max, `${label} must be no more than ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const optionalEmail = (label: string) =>
  z
    .string({ error: textError(label) })
    .trim()
    .max(254, `${label} is too long`)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email(`${label} must be a valid email address`).nullable());

/** Blank ('' or null) means no value; numbers may come as text from form inputs. */
export const blankToNull = (v: unknown) =>
  (typeof v === 'string' && v.trim() === '') || v === undefined ? null : v;

/**
 * Form inputs send numbers as text: '12' becomes 12. Anything else stays as it is for the schema to
 * refuse (z.coerce would take true as 1 and [] as 0).
 */
export const numberFromText = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;

/** Blank is null; a number written as text is that number. */
export const blankOrNumber = (v: unknown) => numberFromText(blankToNull(v));

export const colorField = (label: string, fallback: string) =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ error: textError(label) })
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #10b981`)
        .nullable(),
    )
    .optional()
    .transform((v) => (v ? v.toLowerCase() : fallback));

/** ISO date or date-time, or empty; stored as a date. */
export const optionalDate = (label: string) =>
  z
    .string({ error: textError(label) })
    .trim()
    .nullish()
    .transform((v) => (v ? v.slice(0, 10) : null))
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date`)
        .nullable(),
    );
