import { useId } from 'react';
import type { Team } from '../../shared/api/teams.ts';
import { TeamSwatch } from '../components/TeamSwatch.tsx';

interface TeamPickerProps {
  /** The account coaches teams (`accountCan(user, 'coach_teams')`): 'No teams yet', not 'No team assigned'. */
  runsTeams: boolean;
  /** The account may create teams: the Create and Add Team buttons. */
  canCreateTeams: boolean;
  loading: boolean;
  teams: readonly Team[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCreateTeam: () => void;
}

/** Chooses the active team (docs/product/shell-and-navigation.md 'Team picker'). */
export function TeamPicker({
  runsTeams,
  canCreateTeams,
  loading,
  teams,
  selectedId,
  onSelect,
  onCreateTeam,
}: TeamPickerProps) {
  const selectId = useId();

  if (loading) {
    return (
      <div className="team-picker" role="status">
        <p className="team-picker__muted">Loading teams...</p>
      </div>
    );
  }

  if (teams.length === 0) {
    return (
      <div className="team-picker">
        <p className="team-picker__muted">{runsTeams ? 'No teams yet' : 'No team assigned'}</p>
        {canCreateTeams && (
          <button type="button" className="button button--sidebar" onClick={onCreateTeam}>
            + Create Team
          </button>
        )}
      </div>
    );
  }

  const [onlyTeam] = teams;
  const selected = teams.find((team) => team.id === selectedId);
  if (teams.length === 1 && onlyTeam) {
    return (
      <div className="team-picker">
        <p className="team-picker__caption">Team</p>
        <p className="team-picker__name">
          <TeamSwatch color={onlyTeam.primary_color} />
          {onlyTeam.name}
        </p>
        {canCreateTeams && (
          <button type="button" className="button button--sidebar" onClick={onCreateTeam}>
            + Add Team
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="team-picker">
      <label className="team-picker__caption" htmlFor={selectId}>
        Active Team
      </label>
      {/* A select cuts long names off: the chosen one is also written out in full. */}
      {selected && (
        <p className="team-picker__name" aria-hidden="true">
          <TeamSwatch color={selected.primary_color} />
          {selected.name}
        </p>
      )}
      <div className="team-picker__row">
        <select
          id={selectId}
          className="team-picker__select"
          value={selectedId ?? ''}
          onChange={(e) => onSelect(Number(e.target.value))}
        >
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
        {canCreateTeams && (
          <button
            type="button"
            className="icon-button icon-button--sidebar"
            aria-label="Add team"
            onClick={onCreateTeam}
          >
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
    </div>
  );
}
