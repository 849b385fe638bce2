import type { ReactNode } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import type { Player } from '../../../../shared/api/roster.ts';
import { AdminTabs, type AdminTab } from './AdminTabs.tsx';

interface AdminPageProps {
  /** The account administers teams, or holds a flag that opens one of the tabs on this team. */
  canAdminister: boolean;
  team: Team | null;
  /** The team's players, offered when approving a request ('Link to player'). */
  players: readonly Player[];
  /** The user's teams are still loading: no team is not yet 'no team selected'. */
  loading?: boolean;
  /** The panels of the tabs other features provide, for the selected team. */
  panels?: (team: Team) => Partial<Record<AdminTab, ReactNode>>;
  /** The tabs to offer; null offers every tab (coaches). */
  tabs?: readonly AdminTab[] | null;
}

/** The #admin tab: Team Administration (docs/product/moderators-and-admin.md). */
export function AdminPage({
  canAdminister,
  team,
  players,
  loading = false,
  panels,
  tabs = null,
}: AdminPageProps) {
  return (
    <>
      <h1 className="page-title">Team Administration</h1>
      {!canAdminister ? (
        <section className="card" aria-labelledby="access-restricted-title">
          <h2 id="access-restricted-title" className="card__title">
            Access Restricted
          </h2>
          <p>Team administration is only available to coaches.</p>
        </section>
      ) : !team && loading ? (
        <p className="card" role="status">
          Loading...
        </p>
      ) : !team ? (
        <p className="card">Please select a team to manage administrative functions.</p>
      ) : (
        <AdminTabs team={team} players={players} panels={panels?.(team) ?? {}} only={tabs} />
      )}
    </>
  );
}
