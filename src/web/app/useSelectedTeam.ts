import { useCallback, useEffect, useState } from 'react';
import type { Team } from '../../shared/api/teams.ts';

export const SELECTED_TEAM_KEY = 'selectedTeamId';

function storedTeamId(): number | null {
  try {
    const value = Number(localStorage.getItem(SELECTED_TEAM_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function storeTeamId(id: number): void {
  try {
    localStorage.setItem(SELECTED_TEAM_KEY, String(id));
  } catch {
    // Not remembered; the first team is chosen next time.
  }
}

/**
 * The active team: the remembered selectedTeamId when it is still among the user's teams, otherwise the
 * first team. Null while there are no teams.
 */
export function useSelectedTeam(teams: readonly Team[]): [Team | null, (id: number) => void] {
  const [rememberedId, setRememberedId] = useState<number | null>(storedTeamId);
  const selected = teams.find((team) => team.id === rememberedId) ?? teams[0] ?? null;

  // The fallback (first team) is remembered too.
  const selectedId = selected?.id ?? null;
  useEffect(() => {
    if (selectedId !== null) storeTeamId(selectedId);
  }, [selectedId]);

  const select = useCallback((id: number) => {
    storeTeamId(id);
    setRememberedId(id);
  }, []);

  return [selected, select];
}
