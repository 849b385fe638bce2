// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormModal } from '../../src/web/components/FormModal.tsx';
import { leaveThen, setLeaveAsker } from '../../src/web/lib/unsaved-changes.ts';

// A dialog's form with something typed in it: closing the dialog asks (Modal's own question), and so
// does reloading or closing the page (the browser's question), which would lose it too.

afterEach(() => {
  cleanup();
  setLeaveAsker(null);
});

function NoteDialog({ onClose = () => undefined }: { onClose?: () => void }) {
  const [note, setNote] = useState('');
  return (
    <FormModal
      title="Add Note"
      onClose={onClose}
      onSubmit={() => undefined}
      submitLabel="Save"
      busyLabel="Saving..."
      busy={false}
      isDirty={note !== ''}
    >
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
    </FormModal>
  );
}

/** Whether the page asks before it unloads: a listener prevented the event's default. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('a dialog holding unsaved input', () => {
  it('makes the browser ask before the page reloads or closes, only while something is typed', () => {
    const view = render(<NoteDialog />);
    expect(unloadAsks()).toBe(false);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Bring shin pads' } });
    expect(unloadAsks()).toBe(true);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: '' } });
    expect(unloadAsks()).toBe(false);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Again' } });
    view.unmount();
    expect(unloadAsks()).toBe(false);
  });

  it("leaves the shell's own question to the dialog: nothing behind it asks twice", () => {
    const ask = vi.fn();
    setLeaveAsker(ask);
    render(<NoteDialog />);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Bring shin pads' } });
    const leave = vi.fn();
    leaveThen(leave);
    expect(ask).not.toHaveBeenCalled();
    expect(leave).toHaveBeenCalledTimes(1);
  });
});
