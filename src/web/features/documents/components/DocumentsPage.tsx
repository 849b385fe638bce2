import { useState } from 'react';
import type { TeamDocument } from '../../../../shared/api/documents.ts';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_MESSAGES,
  type DocumentCategory,
} from '../../../../shared/documents.ts';
import { todayIn } from '../../../../shared/event-dates.ts';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { MonthGroups } from '../../../components/MonthGroups.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { groupByMonth, monthOfInstant } from '../../../lib/months.ts';
import { canWithoutFlags, useCan } from '../../../lib/permissions.ts';
import { useTeamTimeZone } from '../../../lib/public-config.ts';
import { matchesWords, searchWords } from '../../../lib/search.ts';
import { useTeamDocuments } from '../api/get-team-documents.ts';
import type { DocumentFilter } from '../api/keys.ts';
import { DeleteDocumentDialog } from './DeleteDocumentDialog.tsx';
import { DocumentItem } from './DocumentItem.tsx';
import { EditDocumentModal } from './EditDocumentModal.tsx';
import { UploadDocumentsModal } from './UploadDocumentsModal.tsx';
import { useDocumentFile } from './use-document-file.tsx';
import './documents.css';

const FILTER_OPTIONS = [
  { value: 'all', label: 'All Categories' },
  ...DOCUMENT_CATEGORIES.map((value) => ({ value, label: DOCUMENT_CATEGORY_LABELS[value] })),
];

interface DocumentsPageProps {
  /** 'Team Documents'. */
  title: string;
  /** The team chosen in the shell. */
  team: Team | null;
  /** The user's teams: those they coach (coaches, admins) or their own. */
  teams: readonly Team[];
  loading?: boolean;
}

/** The #documents tab, 'Team Documents' (docs/product/documents.md). */
export function DocumentsPage({ title, team, teams, loading = false }: DocumentsPageProps) {
  // A team chosen on this page holds until the shell's team changes: the newer choice wins.
  const [chosen, setChosen] = useState<{ shellTeamId: number | null; id: number } | null>(null);
  const shellTeamId = team?.id ?? null;
  const current =
    (chosen?.shellTeamId === shellTeamId ? teams.find((t) => t.id === chosen.id) : undefined) ?? team;
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <div className="page-body page-body--wide">
        {current ? (
          <TeamDocuments
            key={current.id}
            team={current}
            teams={teams}
            onSelectTeam={(id) => setChosen({ shellTeamId, id })}
          />
        ) : loading ? (
          <p className="card" role="status">
            Loading...
          </p>
        ) : (
          <p className="card">Please select a team first.</p>
        )}
      </div>
    </>
  );
}

type Dialog =
  { kind: 'upload' } | { kind: 'edit'; document: TeamDocument } | { kind: 'delete'; document: TeamDocument };

interface TeamDocumentsProps {
  team: Team;
  teams: readonly Team[];
  onSelectTeam: (id: number) => void;
}

function TeamDocuments({ team, teams, onSelectTeam }: TeamDocumentsProps) {
  const [filter, setFilter] = useState<DocumentFilter>({ category: 'all', includeTournamentDocs: true });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // 'Every 30 s while visible and idle': not while a dialog is open over the list.
  const documents = useTeamDocuments(team.id, filter, { idle: dialog === null });
  const canUpload = useCan(team, 'upload_files');
  const file = useDocumentFile(DOCUMENT_MESSAGES.errorTitle);
  // docs/product/documents.md: public by default; after an upload the next one starts not public.
  const [publicDefault, setPublicDefault] = useState(true);
  const close = () => setDialog(null);
  // Coaches upload to any team they coach; a moderator with can_upload_files to this team.
  const uploadTeams = teams.filter((t) =>
    t.id === team.id ? canUpload : canWithoutFlags(t, 'upload_files'),
  );
  const list = documents.data ?? [];
  // Grouped by the month each was added, in the team's time zone, newest month first; the search looks
  // through the list already loaded (docs/decisions/051-long-lists.md).
  const zone = useTeamTimeZone();
  const [search, setSearch] = useState('');
  const words = searchWords(search);
  const found =
    words.length === 0
      ? list
      : list.filter((doc) => matchesWords(words, [doc.title, doc.original_filename, doc.filename]));
  const groups = groupByMonth(found, (doc) => monthOfInstant(doc.created_at, zone));

  return (
    <section className="documents stack" aria-label="Documents">
      <div className="documents__toolbar card">
        {teams.length > 1 && (
          <SelectField
            label="Team"
            value={String(team.id)}
            options={teams.map((t) => ({ value: String(t.id), label: t.name }))}
            onValueChange={(value) => onSelectTeam(Number(value))}
          />
        )}
        <SelectField
          label="Category"
          value={filter.category}
          options={FILTER_OPTIONS}
          onValueChange={(value) => setFilter((f) => ({ ...f, category: value as DocumentCategory | 'all' }))}
        />
        <CheckboxField
          label="Include Tournament Documents"
          checked={filter.includeTournamentDocs}
          onCheckedChange={(includeTournamentDocs) => setFilter((f) => ({ ...f, includeTournamentDocs }))}
        />
        {canUpload && (
          <button
            type="button"
            className="button button--primary documents__upload"
            onClick={() => setDialog({ kind: 'upload' })}
          >
            Upload Document
          </button>
        )}
      </div>
      {documents.isPending ? (
        <p className="card" role="status">
          Loading documents...
        </p>
      ) : documents.isError && list.length === 0 ? (
        <p className="card" role="alert">
          {DOCUMENT_MESSAGES.loadFailed}: {errorMessage(documents.error, 'check your connection')}. The list
          will load again when the connection is back.
        </p>
      ) : list.length === 0 ? (
        <p className="card muted">
          {filter.category === 'all' ? 'No documents yet.' : 'No documents in this category.'}
          {canUpload && filter.category === 'all' ? ' Add one with Upload Document.' : ''}
        </p>
      ) : (
        <div className="card stack documents__list">
          <SearchField
            label="Search documents"
            placeholder="Title or file name"
            value={search}
            onValueChange={setSearch}
            matches={words.length === 0 ? null : found.length}
            noun={['document', 'documents']}
          />
          {found.length === 0 ? (
            <p className="muted">No documents match "{search.trim()}".</p>
          ) : (
            <MonthGroups
              label={`Documents of ${team.name}`}
              groups={groups}
              currentMonth={todayIn(zone).slice(0, 7)}
              allOpen={words.length > 0}
            >
              {(monthDocs, group) => (
                <ul className="document-list" aria-label={`Documents of ${team.name}, ${group.label}`}>
                  {monthDocs.map((doc) => (
                    <DocumentItem
                      key={doc.id}
                      document={doc}
                      headingLevel={2}
                      fetching={file.fetching === doc.id}
                      onDownload={() => file.download(doc)}
                      onView={() => file.view(doc)}
                      onEdit={doc.can_manage ? () => setDialog({ kind: 'edit', document: doc }) : undefined}
                      onDelete={
                        doc.can_manage ? () => setDialog({ kind: 'delete', document: doc }) : undefined
                      }
                    />
                  ))}
                </ul>
              )}
            </MonthGroups>
          )}
        </div>
      )}
      {dialog?.kind === 'upload' && (
        <UploadDocumentsModal
          teams={uploadTeams}
          initialTeamId={team.id}
          initialPublic={publicDefault}
          onUploaded={() => setPublicDefault(false)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditDocumentModal teamId={team.id} document={dialog.document} onClose={close} />
      )}
      <DeleteDocumentDialog
        teamId={team.id}
        document={dialog?.kind === 'delete' ? dialog.document : null}
        onClose={close}
      />
      {file.failureDialog}
    </section>
  );
}
