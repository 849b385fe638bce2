import { describe, expect, it } from 'vitest';
import {
  firstCommonPattern,
  passwordChecklist,
  passwordErrors,
  PASSWORD_COMMON_PATTERNS,
} from '../../src/shared/password-policy.ts';

describe('password policy (docs/product/accounts-and-sign-in.md)', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordErrors('Corner#Kick9')).toEqual([]);
    expect(passwordChecklist('Corner#Kick9').every((item) => item.ok)).toBe(true);
  });

  it('gives each failing rule its message, in order', () => {
    expect(passwordErrors('')).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it('bounds the length at 8 and 128', () => {
    const base = 'Aa1!';
    expect(passwordErrors(base + 'x'.repeat(3))).toEqual(['Password must be at least 8 characters long']);
    expect(passwordErrors(base + 'x'.repeat(4))).toEqual([]);
    expect(passwordErrors(base + 'x'.repeat(124))).toEqual([]);
    expect(passwordErrors(base + 'x'.repeat(125))).toEqual([
      'Password must be no more than 128 characters long',
    ]);
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])('counts %s as a special character', (special) => {
    expect(passwordErrors(`Goalie9x${special}`)).toEqual([]);
  });

  it.each(['-', '_', '+', '=', '~', ' ', '/', '[', ';'])(
    'does not count %j as a special character',
    (other) => {
      expect(passwordErrors(`Goalie9x${other}`)).toEqual([
        'Password must contain at least one special character',
      ]);
    },
  );

  it('names the first common pattern found, case-insensitively', () => {
    expect(PASSWORD_COMMON_PATTERNS).toEqual(['123', 'abc', 'password', 'admin', 'user', 'login', 'qwerty']);
    expect(passwordErrors('xAdmin#9z')).toEqual(['Password must not contain common patterns like "admin"']);
    expect(passwordErrors('PassWord#9')).toEqual([
      'Password must not contain common patterns like "password"',
    ]);
    // "123" comes before "abc" in the list, whatever their places in the password.
    expect(firstCommonPattern('abc#X123y')).toBe('123');
    for (const pattern of ['USER', 'Login', 'qWeRtY', 'ABC']) {
      expect(passwordErrors(`Zz9#x${pattern}`)).toEqual([
        `Password must not contain common patterns like "${pattern.toLowerCase()}"`,
      ]);
    }
  });

  it('gives the checklist one item per rule, updating as the password grows', () => {
    const ok = (password: string) =>
      Object.fromEntries(passwordChecklist(password).map((item) => [item.id, item.ok]));
    expect(ok('a')).toEqual({
      min: false,
      max: true,
      upper: false,
      lower: true,
      digit: false,
      special: false,
      common: true,
    });
    expect(ok('aB3$efgh')).toEqual({
      min: true,
      max: true,
      upper: true,
      lower: true,
      digit: true,
      special: true,
      common: true,
    });
  });
});
