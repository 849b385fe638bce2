import { ANNOUNCEMENT_LIMITS, isArchived, pinnedFirst, preview } from '../../../../shared/announcements.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { useAnnouncements } from '../api/announcements.ts';
import { formatDay } from '../lib/format.ts';
import { authorLabel } from './AnnouncementCard.tsx';
import './announcements.css';

/**
 * The dashboard's Announcements card (docs/product/announcements.md): the newest 3 not expired, content
 * cut to 120 characters, HIGH for high priority, author, date and related event; each opens #messages.
 * Reloads with the list (every 60 s while visible); a failed load leaves it empty.
 */
export function DashboardAnnouncements({ team }: { team: Pick<Team, 'id'> }) {
  const zone = useTeamTimeZone();
  const list = useAnnouncements(team.id);
  const now = new Date();
  const shown = pinnedFirst(list.data ?? [], now)
    .filter((a) => !a.is_archived && !isArchived(a.expires_at, now))
    .slice(0, ANNOUNCEMENT_LIMITS.dashboardMax);
  return (
    <section className="card dashboard-announcements" aria-labelledby="dashboard-announcements-title">
      <div className="section-header">
        <h2 id="dashboard-announcements-title" className="section-title">
          Announcements
        </h2>
        <a className="link" href="#messages">
          View all announcements
        </a>
      </div>
      {shown.length === 0 ? (
        <p className="muted">{list.isPending ? 'Loading...' : 'No announcements.'}</p>
      ) : (
        <ul className="dashboard-announcements__list">
          {shown.map((a) => (
            <li key={a.id}>
              <a className="dashboard-announcement" href="#messages">
                <span className="dashboard-announcement__title">
                  {a.priority === 'high' && (
                    <>
                      <span className="tag tag--high">HIGH</span>{' '}
                    </>
                  )}
                  {a.title}
                </span>
                <p className="dashboard-announcement__preview">{preview(a.content)}</p>
                <span className="dashboard-announcement__meta">
                  {authorLabel(a.author)} · {formatDay(a.created_at, zone)}
                  {a.event_info ? ` · ${a.event_info.title}` : ''}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
