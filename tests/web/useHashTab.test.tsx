// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHashTab } from '../../src/web/app/useHashTab.ts';
import { useHashParam } from '../../src/web/lib/use-hash-param.ts';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

// A tap on a tab while the shell paints for the first time changes the hash before the listeners
// exist (seen in CI: the Admin link tapped right after sign-in left the dashboard on screen).
let changeDuringFirstRender: (() => void) | undefined;

function Probe() {
  const [tab] = useHashTab(true);
  const [sub] = useHashParam('tab');
  changeDuringFirstRender?.();
  changeDuringFirstRender = undefined;
  return (
    <p>
      {tab}/{sub ?? '-'}
    </p>
  );
}

describe('hash navigation', () => {
  it('counts a hash set before its listeners were registered', () => {
    // replaceState sends no hashchange: as if the event came before anyone listened.
    changeDuringFirstRender = () => window.history.replaceState(null, '', '/#admin?tab=kits');
    render(<Probe />);
    expect(screen.getByText('admin/kits')).toBeTruthy();
  });
});
