// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLeaveGuard } from '../../src/web/app/useLeaveGuard.tsx';
import { leaveThen, useUnsavedChanges } from '../../src/web/lib/unsaved-changes.ts';

// Leaving a page with unsaved input on it (docs/decisions/050 'Game day'): the forms' discard question,
// for a link to another tab anywhere on the page and for the shell's own ways out.

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Page({ beforeAsking = (ask: () => void) => ask() }: { beforeAsking?: (ask: () => void) => void }) {
  const question = useLeaveGuard('dashboard', true, beforeAsking);
  const [typed, setTyped] = useState('');
  useUnsavedChanges(typed !== '');
  return (
    <>
      <label>
        Our Score
        <input value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <a href="#calendar">Calendar</a>
      <a href="#dashboard?x=1">Dashboard</a>
      <a href="#main">Skip</a>
      {question}
    </>
  );
}

const question = () => screen.queryByRole('dialog', { name: 'Discard changes?' });

describe('leaving a page with unsaved input', () => {
  it('follows links at once while nothing is typed, or when they stay on the tab', () => {
    window.history.replaceState(null, '', '/#dashboard');
    render(<Page />);
    fireEvent.click(screen.getByText('Calendar'));
    expect(window.location.hash).toBe('#calendar');
    window.history.replaceState(null, '', '/#dashboard');
    fireEvent.change(screen.getByLabelText('Our Score'), { target: { value: '4' } });
    fireEvent.click(screen.getByText('Dashboard'));
    expect(window.location.hash).toBe('#dashboard?x=1');
    fireEvent.click(screen.getByText('Skip'));
    expect(question()).toBeNull();
  });

  it('holds a link to another tab behind the question: Keep editing stays, Discard follows it', async () => {
    window.history.replaceState(null, '', '/#dashboard');
    const beforeAsking = vi.fn((ask: () => void) => ask());
    render(<Page beforeAsking={beforeAsking} />);
    fireEvent.change(screen.getByLabelText('Our Score'), { target: { value: '4' } });
    fireEvent.click(screen.getByText('Calendar'));
    expect(beforeAsking).toHaveBeenCalledTimes(1);
    expect(question()?.textContent).toContain('You have unsaved changes. Discard them?');
    expect(window.location.hash).toBe('#dashboard');

    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(question()).toBeNull();
    expect(window.location.hash).toBe('#dashboard');
    expect((screen.getByLabelText('Our Score') as HTMLInputElement).value).toBe('4');

    fireEvent.click(screen.getByText('Calendar'));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#calendar'));
    expect(question()).toBeNull();
  });

  it("asks before the shell's own ways out (another team, Logout), and not once nothing is typed", async () => {
    render(<Page />);
    const left = vi.fn();
    fireEvent.change(screen.getByLabelText('Our Score'), { target: { value: '4' } });
    act(() => leaveThen(left));
    expect(question()).not.toBeNull();
    expect(left).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() => expect(left).toHaveBeenCalledTimes(1));

    fireEvent.change(screen.getByLabelText('Our Score'), { target: { value: '' } });
    act(() => leaveThen(left));
    expect(question()).toBeNull();
    expect(left).toHaveBeenCalledTimes(2);
  });
});
