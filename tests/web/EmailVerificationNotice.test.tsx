// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/shared/api/auth.ts';
import { EmailVerificationNotice } from '../../src/web/features/account/components/EmailVerificationNotice.tsx';
import { mockFetch, renderWithClient } from './render-with-client.tsx';

// The verify-email notice (docs/product/accounts-and-sign-in.md 'Confirming the email'): one line, put
// away until the next visit.

const user: User = {
  id: 5,
  name: 'Pat Parent',
  email: 'pat.parent.with.a.long.address@example.com',
  phone: null,
  role: 'parent',
  email_verified: false,
  pending_email: null,
};

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('EmailVerificationNotice', () => {
  it('says where the link went, resends it, and is gone for a confirmed email', async () => {
    const calls = mockFetch(() => ({ body: { detail: 'Verification email sent' } }));
    const view = renderWithClient(<EmailVerificationNotice user={user} />);
    const notice = screen.getByRole('region', { name: 'Confirm your email address' });
    expect(notice.textContent).toContain(
      'Confirm your email: we sent a link to pat.parent.with.a.long.address@example.com.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Link sent');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    view.unmount();
    renderWithClient(<EmailVerificationNotice user={{ ...user, email_verified: true }} />);
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).toBeNull();
  });

  it('is put away with the close button until the next visit: remembered for the session, per account', () => {
    mockFetch(() => ({ body: {} }));
    const first = renderWithClient(<EmailVerificationNotice user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss until your next visit' }));
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).toBeNull();
    expect(sessionStorage.getItem('verify-notice-dismissed')).toBe('5');
    first.unmount();
    // Back later in the same session (a reload): still away.
    const again = renderWithClient(<EmailVerificationNotice user={user} />);
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).toBeNull();
    again.unmount();
    // Another account signed in on this browser still sees its own notice.
    renderWithClient(<EmailVerificationNotice user={{ ...user, id: 6 }} />);
    expect(screen.getByRole('region', { name: 'Confirm your email address' })).toBeTruthy();
  });
});
