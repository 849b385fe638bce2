// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordChecklist } from '../../src/web/components/PasswordChecklist.tsx';
import { PasswordInput } from '../../src/web/components/PasswordInput.tsx';

afterEach(cleanup);

function PasswordWithChecklist() {
  const [password, setPassword] = useState('');
  return (
    <>
      <label htmlFor="pw">Password</label>
      <PasswordInput id="pw" value={password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordChecklist password={password} />
    </>
  );
}

function item(label: string): HTMLElement {
  const list = screen.getByRole('list');
  const found = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(label));
  if (!found) throw new Error(`No checklist item ${label}`);
  return found;
}

describe('PasswordChecklist', () => {
  it('ticks rules off as the user types', () => {
    render(<PasswordWithChecklist />);
    const input = screen.getByLabelText('Password');

    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    expect(item('At least 8 characters').textContent).toContain('✗');
    expect(item('At least 8 characters').textContent).toContain('Not met');
    expect(item('One uppercase letter').dataset.met).toBe('false');

    fireEvent.change(input, { target: { value: 'Abcdefgh' } });
    expect(item('At least 8 characters').textContent).toContain('✓');
    expect(item('At least 8 characters').dataset.met).toBe('true');
    expect(item('One uppercase letter').dataset.met).toBe('true');
    expect(item('One number').dataset.met).toBe('false');
    // 'abc' is a common pattern, and the checklist names it.
    expect(item('Password must not contain common patterns like "abc"').dataset.met).toBe('false');
    fireEvent.change(input, { target: { value: 'Goal#Admin9' } });
    expect(item('Password must not contain common patterns like "admin"').dataset.met).toBe('false');

    fireEvent.change(input, { target: { value: 'Kickoff-Time9!' } });
    for (const li of screen.getAllByRole('listitem')) expect(li.dataset.met).toBe('true');
  });

  it('shows and hides the password', () => {
    render(<PasswordWithChecklist />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});
