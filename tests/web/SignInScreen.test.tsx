// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInScreen } from '../../src/web/features/auth/components/SignInScreen.tsx';

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SignInScreen />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // The club name comes from GET /api/config; no server here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignInScreen', () => {
  it('opens on login with links to the other modes', () => {
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign up as a coach' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Coach Sign Up' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
  });

  it('uppercases the invite code as it is typed', () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Join a team with an invite code' }));
    const code = screen.getByLabelText('Invite Code') as HTMLInputElement;
    expect(code.maxLength).toBe(8);
    expect(code.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Your 8-character team invite code')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'ab12cd34' } });
    expect(code.value).toBe('AB12CD34');
  });

  it('opens join-team mode prefilled from an invite link', () => {
    window.history.replaceState(null, '', '/?team=xy98zw76&email=pat%40example.com&name=Pat%20Lee&token=abc');
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Join a Team' })).toBeTruthy();
    expect((screen.getByLabelText('Invite Code') as HTMLInputElement).value).toBe('XY98ZW76');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('pat@example.com');
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Pat Lee');
  });
});
