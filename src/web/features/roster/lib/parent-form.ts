import { z } from 'zod';
import { phoneField } from '../../../../shared/api/fields.ts';
import { ROSTER_MESSAGES } from '../../../../shared/teams.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';

// The parent contact fields of the add and edit forms (docs/product/roster-and-parents.md): name and
// email required ('Please fill in all required fields'), a valid email, an optional phone.

export type ParentField = 'name' | 'email' | 'phone';
export type ParentValues = Record<ParentField, string>;

export const EMPTY_PARENT: ParentValues = { name: '', email: '', phone: '' };

export type CheckedParent =
  | { ok: true; name: string; email: string; phone: string | null }
  | { ok: false; formError?: string; errors: FieldErrors<ParentField> };

const emailCheck = z.email();

export function checkParent(values: ParentValues): CheckedParent {
  const name = values.name.trim();
  const email = values.email.trim();
  if (!name || !email) {
    return {
      ok: false,
      formError: ROSTER_MESSAGES.parentRequiredFields,
      errors: { name: name ? undefined : 'Required', email: email ? undefined : 'Required' },
    };
  }
  if (!emailCheck.safeParse(email).success) {
    return { ok: false, errors: { email: ROSTER_MESSAGES.parentEmailInvalid } };
  }
  const phone = phoneField.safeParse(values.phone);
  if (!phone.success) return { ok: false, errors: { phone: phone.error.issues[0]?.message } };
  return { ok: true, name, email: email.toLowerCase(), phone: phone.data };
}
