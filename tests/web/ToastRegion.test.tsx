// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RSVP_MESSAGES } from '../../src/shared/rsvp.ts';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import { dismissToast, showToast, TOAST_SUCCESS_MS } from '../../src/web/lib/toasts.ts';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

/** The ticks a person sees in the toast, the icon's included. */
const ticks = (element: HTMLElement) => (element.textContent ?? '').split('✓').length - 1;

describe('ToastRegion', () => {
  it("shows the spec's RSVP message with one tick, not the icon's as well", () => {
    render(<ToastRegion layer={null} />);
    act(() => showToast('success', RSVP_MESSAGES.submitted('Mia Lee', 'yes')));
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('✓ RSVP submitted for Mia Lee: attending');
    expect(ticks(toast)).toBe(1);
    act(() => showToast('success', RSVP_MESSAGES.submittedAll(2, 'no')));
    expect(ticks(screen.getByRole('status'))).toBe(1);
  });

  it('adds its own mark to a message without one', () => {
    render(<ToastRegion layer={null} />);
    act(() => showToast('success', 'Score Saved'));
    const toast = screen.getByRole('status');
    expect(ticks(toast)).toBe(1);
    expect(toast.querySelector('.toast__icon')?.getAttribute('aria-hidden')).toBe('true');
    act(() => showToast('error', 'Failed to submit RSVP - please check your connection'));
    expect(screen.getByRole('alert').querySelector('.toast__icon')?.textContent).toBe('!');
  });

  it('shows a warning (done, with a caveat) as an alert that stays until dismissed', () => {
    vi.useFakeTimers();
    try {
      render(<ToastRegion layer={null} />);
      act(() => showToast('warning', 'Parent was added but failed to send invitation email.'));
      act(() => {
        vi.advanceTimersByTime(TOAST_SUCCESS_MS * 2);
      });
      const toast = screen.getByRole('alert');
      expect(toast.className).toContain('toast--warning');
      expect(toast.querySelector('.toast__icon')?.textContent).toBe('!');
      expect(toast.textContent).toContain('failed to send invitation email');
    } finally {
      vi.useRealTimers();
    }
  });
});
