// The password policy (docs/product/accounts-and-sign-in.md 'Password policy'). Used by the server to
// refuse weak passwords and by the page to show the live checklist, so each rule and message exists only
// here.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_COMMON_PATTERNS = [
  '123',
  'abc',
  'password',
  'admin',
  'user',
  'login',
  'qwerty',
] as const;

export interface PasswordRule {
  id: 'min' | 'max' | 'upper' | 'lower' | 'digit' | 'special' | 'common';
  /** Short label for the live checklist. */
  label: string;
  /** The spec's message when the rule fails. */
  message: (password: string) => string;
  passes: (password: string) => boolean;
}

const hasSpecial = (password: string) => [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c));

export function firstCommonPattern(password: string): string | undefined {
  const lower = password.toLowerCase();
  return PASSWORD_COMMON_PATTERNS.find((pattern) => lower.includes(pattern));
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'min',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: () => `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    passes: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'max',
    label: `No more than ${PASSWORD_MAX_LENGTH} characters`,
    message: () => `Password must be no more than ${PASSWORD_MAX_LENGTH} characters long`,
    passes: (p) => p.length <= PASSWORD_MAX_LENGTH,
  },
  {
    id: 'upper',
    label: 'One uppercase letter',
    message: () => 'Password must contain at least one uppercase letter',
    passes: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lower',
    label: 'One lowercase letter',
    message: () => 'Password must contain at least one lowercase letter',
    passes: (p) => /[a-z]/.test(p),
  },
  {
    id: 'digit',
    label: 'One number',
    message: () => 'Password must contain at least one number',
    passes: (p) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    message: () => 'Password must contain at least one special character',
    passes: hasSpecial,
  },
  {
    id: 'common',
    label: 'No common patterns such as 123, abc or password',
    message: (p) => `Password must not contain common patterns like "${firstCommonPattern(p) ?? ''}"`,
    passes: (p) => firstCommonPattern(p) === undefined,
  },
];

/** Every failing rule's message, in the order of the spec. Empty when the password is acceptable. */
export function passwordErrors(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.passes(password)).map((rule) => rule.message(password));
}

/**
 * The checklist the password forms show while the user types. A common pattern the password contains is
 * named ('Password must not contain common patterns like "admin"'), so the user knows what to change.
 */
export function passwordChecklist(
  password: string,
): { id: PasswordRule['id']; label: string; ok: boolean }[] {
  return PASSWORD_RULES.map((rule) => {
    const ok = rule.passes(password);
    const label = rule.id === 'common' && !ok ? rule.message(password) : rule.label;
    return { id: rule.id, label, ok };
  });
}
