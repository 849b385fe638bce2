// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '../../src/shared/api/teams.ts';
import {
  SAVED_CONFIRMATION_MS,
  TeamSettingsPanel,
} from '../../src/web/features/teams/components/TeamSettingsPanel.tsx';
import { teamFixture } from './team-fixture.ts';
import { emptyAnswer, mockFetch, renderWithClient } from './render-with-client.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TEAM: Team = teamFixture({ id: 4, age_group: 'U10', head_coach_name: 'Casey Coach' });

describe('TeamSettingsPanel', () => {
  it("saves the bot id and shows 'Saved!' for 3 seconds", async () => {
    expect(SAVED_CONFIRMATION_MS).toBe(3_000);
    const calls = mockFetch((url, method) => ({
      body: url.endsWith('/config')
        ? emptyAnswer(url)
        : method === 'PUT'
          ? { ...TEAM, groupme_bot_id: 'bot-42' }
          : TEAM,
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
    mockFetch((url) => ({ body: url.endsWith('/config') ? emptyAnswer(url) : TEAM }));
    renderWithClient(<TeamSettingsPanel team={TEAM} />);
    fireEvent.click(screen.getByRole('button', { name: 'Setup Instructions' }));
    expect(screen.getByRole('dialog', { name: 'Setup Instructions' }).textContent).toContain('Bot ID');
  });
});

describe('RSVP reminders in Team Settings', () => {
  const serveTeam = (team: Team) =>
    mockFetch((url, method) => {
      if (url.endsWith('/config'))
        return {
          body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
        };
      if (method === 'PUT') return { body: { ...team, rsvp_reminder_hours: 24 } };
      return { body: team };
    });

  it("shows the server's default for a team that never chose, and saves hours chosen", async () => {
    const calls = serveTeam(TEAM);
    renderWithClient(<TeamSettingsPanel team={TEAM} />);
    const select = (await screen.findByLabelText('RSVP reminders')) as HTMLSelectElement;
    expect(select.value).toBe('48');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Off',
      '12 hours before',
      '24 hours before',
      '48 hours before (default)',
      '72 hours before',
    ]);
    const save = screen.getByRole('button', { name: 'Save Reminders' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(select, { target: { value: '24' } });
    fireEvent.click(save);
    await waitFor(() => expect(save.textContent).toBe('Save Reminders'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { url: '/api/teams/4', method: 'PUT', body: { rsvp_reminder_hours: 24 } },
    ]);
  });

  it("keeps a team's own value, Off included, and is not offered to a moderator", async () => {
    const off = { ...TEAM, rsvp_reminder_hours: 0 };
    serveTeam(off);
    renderWithClient(<TeamSettingsPanel team={off} />);
    expect(((await screen.findByLabelText('RSVP reminders')) as HTMLSelectElement).value).toBe('0');
    cleanup();
    const moderated = { ...TEAM, is_coach: false };
    mockFetch((url) => {
      if (!url.includes('/my-permissions/'))
        return { body: url.endsWith('/config') ? emptyAnswer(url) : moderated };
      return { body: { ...(emptyAnswer(url) as object), can_edit_team_info: true } };
    });
    renderWithClient(<TeamSettingsPanel team={moderated} />);
    await screen.findByRole('heading', { name: 'Team Details' });
    expect(screen.queryByLabelText('RSVP reminders')).toBeNull();
  });
});
