// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Team } from '../../src/shared/api/teams.ts';
import { TeamSetupWizard } from '../../src/web/features/teams/components/TeamSetupWizard.tsx';
import { teamFixture } from './team-fixture.ts';
import { mockFetch, renderWithClient } from './render-with-client.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TEAM: Team = teamFixture({
  id: 7,
  age_group: 'U10',
  season_start: '2026-09-01',
  head_coach_name: 'Casey Coach',
});

function Harness({ onCreated = () => {} }: { onCreated?: (team: Team) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open wizard
      </button>
      <TeamSetupWizard
        open={open}
        coachName="Casey Coach"
        onClose={() => setOpen(false)}
        onCreated={onCreated}
      />
    </>
  );
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const isOpen = (name: string) => screen.queryByRole('dialog', { name }) !== null;
const wizard = () => within(dialog('Create Your Team'));
const next = () => fireEvent.click(wizard().getByRole('button', { name: 'Next' }));
const field = (label: string) => wizard().getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const closeRequiredAlert = () =>
  fireEvent.click(within(dialog('Required Fields')).getByRole('button', { name: 'OK' }));

describe('TeamSetupWizard', () => {
  it('moves forward only when the step’s required fields are valid', () => {
    renderWithClient(<Harness />);
    expect(isOpen('Create Your Team')).toBe(true);
    expect(wizard().getByText('Step 1 of 4')).toBeTruthy();
    expect(wizard().getByRole('heading', { name: 'Basic Team Information' })).toBeTruthy();

    next();
    expect(isOpen('Required Fields')).toBe(true);
    expect(
      within(dialog('Required Fields')).getByText('Please fill in all required fields before continuing.'),
    ).toBeTruthy();
    closeRequiredAlert();
    expect(isOpen('Required Fields')).toBe(false);

    // At least 2 characters after trimming.
    type('Team Name', '  L  ');
    next();
    expect(isOpen('Required Fields')).toBe(true);
    closeRequiredAlert();

    type('Team Name', 'Lions');
    expect(field('Age Group').querySelectorAll('option')).toHaveLength(15); // placeholder + U6..U19
    next();
    expect(wizard().getByText('Step 2 of 4')).toBeTruthy();
    expect(wizard().getByRole('heading', { name: 'Season & Description' })).toBeTruthy();
    next();

    expect(wizard().getByText('Step 3 of 4')).toBeTruthy();
    expect(field('Head Coach Name').value).toBe('Casey Coach');
    type('Head Coach Name', '   ');
    next();
    expect(isOpen('Required Fields')).toBe(true);
    closeRequiredAlert();
    type('Head Coach Name', 'Casey Coach');
    next();

    expect(wizard().getByText('Step 4 of 4')).toBeTruthy();
    expect(field('Primary Color').value).toBe('#10b981');
    expect(field('Secondary Color').value).toBe('#059669');
    expect(wizard().getByRole('button', { name: 'Create Team' })).toBeTruthy();

    // Previous is always allowed.
    fireEvent.click(wizard().getByRole('button', { name: 'Previous' }));
    expect(wizard().getByText('Step 3 of 4')).toBeTruthy();
  });

  it('starts over at step 1 with empty data after closing', () => {
    renderWithClient(<Harness />);
    type('Team Name', 'Lions');
    next();
    type('Season', 'Fall 2026');
    expect(wizard().getByText('Step 2 of 4')).toBeTruthy();

    // What was typed is not thrown away without asking.
    fireEvent.click(wizard().getByRole('button', { name: 'Close' }));
    expect(isOpen('Discard changes?')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(isOpen('Create Your Team')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Open wizard' }));
    expect(isOpen('Create Your Team')).toBe(true);
    expect(wizard().getByText('Step 1 of 4')).toBeTruthy();
    expect(field('Team Name').value).toBe('');
    next();
    expect(isOpen('Required Fields')).toBe(true);
  });

  it('creates the team with every field and ISO season dates, then says so', async () => {
    const calls = mockFetch(() => ({ status: 201, body: TEAM }));
    const onCreated = vi.fn();
    renderWithClient(<Harness onCreated={onCreated} />);
    type('Team Name', ' Riverside Lions ');
    fireEvent.change(field('Age Group'), { target: { value: 'U10' } });
    next();
    type('Season Start', '2026-09-01');
    next();
    next();
    await act(async () => {
      fireEvent.click(wizard().getByRole('button', { name: 'Create Team' }));
    });

    await screen.findByRole('dialog', { name: 'Team Created!' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/teams/setup-complete');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toMatchObject({
      name: 'Riverside Lions',
      age_group: 'U10',
      division: null,
      season_start: '2026-09-01T00:00:00.000Z',
      season_end: null,
      head_coach_name: 'Casey Coach',
      primary_color: '#10b981',
      secondary_color: '#059669',
      league_name: '',
      practice_location: '',
      emergency_contact_relation: '',
    });
    expect(onCreated).toHaveBeenCalledWith(TEAM);
    expect(isOpen('Team Created!')).toBe(true);
    expect(within(dialog('Team Created!')).getByText(/successfully created/)).toBeTruthy();
  });

  it('shows the server’s detail when creating fails', async () => {
    mockFetch(() => ({ status: 400, body: { detail: 'Team logo URL must be a web address' } }));
    renderWithClient(<Harness />);
    type('Team Name', 'Lions');
    next();
    next();
    next();
    await act(async () => {
      fireEvent.click(wizard().getByRole('button', { name: 'Create Team' }));
    });
    expect((await wizard().findByRole('alert')).textContent).toContain('Team logo URL must be a web address');
  });
});
