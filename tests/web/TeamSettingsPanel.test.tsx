// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '../../src/shared/api/teams.ts';
import {
  SAVED_CONFIRMATION_MS,
  TeamSettingsPanel,
} from '../../src/web/features/teams/components/TeamSettingsPanel.tsx';
import { teamFixture } from './team-fixture.ts';
import { mockFetch, renderWithClient } from './render-with-client.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TEAM: Team = teamFixture({ id: 4, age_group: 'U10', head_coach_name: 'Casey Coach' });

describe('TeamSettingsPanel', () => {
  it("saves the bot id and shows 'Saved!' for 3 seconds", async () => {
    expect(SAVED_CONFIRMATION_MS).toBe(3_000);
    const calls = mockFetch((_url, method) => ({
      body: method === 'PUT' ? { ...TEAM, groupme_bot_id: 'bot-42' } : TEAM,
    }));
    renderWithClient(<TeamSettingsPanel team={TEAM} />);
    fireEvent.change(screen.getByLabelText('GroupMe Bot ID'), { target: { value: ' bot-42 ' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByRole('button', { name: 'Saved!' });
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      url: '/api/teams/4',
      method: 'PUT',
      body: { groupme_bot_id: 'bot-42' },
    });
    act(() => {
      vi.advanceTimersByTime(SAVED_CONFIRMATION_MS - 100);
    });
    expect(screen.getByRole('button', { name: 'Saved!' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('explains how to set up the bot', () => {
    mockFetch(() => ({ body: TEAM }));
    renderWithClient(<TeamSettingsPanel team={TEAM} />);
    fireEvent.click(screen.getByRole('button', { name: 'Setup Instructions' }));
    expect(screen.getByRole('dialog', { name: 'Setup Instructions' }).textContent).toContain('Bot ID');
  });
});
