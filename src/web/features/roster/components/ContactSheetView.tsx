import { useId, useState } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import { RELATIONSHIP_LABELS } from '../../../../shared/teams.ts';
import { Alert } from '../../../components/Alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadContactSheet, useContactSheet } from '../api/get-contact-sheet.ts';
import './contact-sheet.css';

export const CONTACT_SHEET_TEXT = {
  loadFailed: 'Failed to load the contact sheet',
  downloadFailed: 'Failed to download the contact sheet',
  noPlayers: 'No players on the roster yet.',
} as const;

interface ContactSheetViewProps {
  team: Team;
  onBack: () => void;
}

/**
 * The contact sheet (coaches and admins; docs/product/roster-and-parents.md 'Contact sheet'): every
 * player with their parents, phones and emails, for an away trip. Printed on its own (contact-sheet.css:
 * a 20-player team on one page) or downloaded as CSV from the server.
 */
export function ContactSheetView({ team, onBack }: ContactSheetViewProps) {
  const titleId = useId();
  const sheet = useContactSheet(team.id);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const players = sheet.data?.players ?? [];

  const download = () => {
    if (downloading) return;
    setDownloading(true);
    setDownloadError(null);
    downloadContactSheet(team.id)
      .catch((error: unknown) => setDownloadError(errorMessage(error, CONTACT_SHEET_TEXT.downloadFailed)))
      .finally(() => setDownloading(false));
  };

  return (
    <div className="page-body page-body--wide">
      <section className="card contact-sheet" aria-labelledby={titleId}>
        <div className="contact-sheet__actions">
          <button type="button" className="button button--secondary" onClick={onBack}>
            Back to Roster
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!sheet.isSuccess}
            onClick={() => window.print()}
          >
            Print
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!sheet.isSuccess || downloading}
            onClick={download}
          >
            {downloading ? 'Downloading...' : 'Download CSV'}
          </button>
        </div>
        {downloadError && <Alert tone="error">{downloadError}</Alert>}
        <h2 id={titleId} className="contact-sheet__title">
          {team.name}: Contact Sheet
        </h2>
        {sheet.isPending ? (
          <p role="status">Loading contact sheet...</p>
        ) : sheet.isError ? (
          <Alert tone="error">{errorMessage(sheet.error, CONTACT_SHEET_TEXT.loadFailed)}</Alert>
        ) : players.length === 0 ? (
          <p className="muted">{CONTACT_SHEET_TEXT.noPlayers}</p>
        ) : (
          <table className="contact-sheet__table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Player</th>
                <th scope="col">Parent</th>
                <th scope="col">Phone</th>
                <th scope="col">Email</th>
              </tr>
            </thead>
            {players.map((player) => {
              const parents = player.parents.length > 0 ? player.parents : [null];
              return (
                <tbody key={player.id} className="contact-sheet__player">
                  {parents.map((parent, i) => (
                    <tr key={i}>
                      {i === 0 && (
                        <>
                          <td className="contact-sheet__jersey" rowSpan={parents.length}>
                            {player.jersey_number ?? ''}
                          </td>
                          <th scope="rowgroup" className="contact-sheet__name" rowSpan={parents.length}>
                            {player.name}
                            {player.status === 'inactive' && <span className="muted"> (inactive)</span>}
                          </th>
                        </>
                      )}
                      {parent ? (
                        <>
                          <td>
                            {parent.name}
                            <span className="contact-sheet__relation">
                              {' '}
                              ({RELATIONSHIP_LABELS[parent.relationship]}
                              {parent.is_primary ? ', primary' : ''})
                            </span>
                          </td>
                          <td className="contact-sheet__phone">
                            {parent.phone ? (
                              <a href={`tel:${parent.phone.replace(/[^0-9+]/g, '')}`}>{parent.phone}</a>
                            ) : (
                              ''
                            )}
                          </td>
                          <td className="contact-sheet__email">
                            <a href={`mailto:${parent.email}`}>{parent.email}</a>
                          </td>
                        </>
                      ) : (
                        <td colSpan={3} className="muted">
                          No parent contacts
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              );
            })}
          </table>
        )}
      </section>
    </div>
  );
}
