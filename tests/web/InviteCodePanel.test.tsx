// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteCodePanel } from '../../src/web/features/roster/components/InviteCodePanel.tsx';

const writeText = vi.fn((_text: string) => Promise.resolve());

beforeEach(() => {
  vi.useFakeTimers();
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('InviteCodePanel', () => {
  it('copies the code and reads Copied! for 2 seconds', async () => {
    render(<InviteCodePanel code="ABCD2345" />);
    expect(screen.getByText('ABCD2345')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
    });
    expect(writeText).toHaveBeenCalledWith('ABCD2345');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Invite code copied to the clipboard.');

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button', { name: 'Copy Code' })).toBeTruthy();
  });

  it('starts the 2 seconds again on a second copy', async () => {
    render(<InviteCodePanel code="ABCD2345" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
    });
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copied!' }));
    });
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByRole('button', { name: 'Copy Code' })).toBeTruthy();
  });
});
