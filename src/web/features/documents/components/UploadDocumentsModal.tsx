import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Team } from '../../../../shared/api/teams.ts';
import {
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  type DocumentCategory,
  titleFromFilename,
} from '../../../../shared/documents.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { documentKeys } from '../api/keys.ts';
import { CATEGORY_OPTIONS } from './EditDocumentModal.tsx';
import { uploadDocument } from '../api/upload-document.ts';
import { fileProblem, randomKey, sameFile, titleForFile } from '../lib/files.ts';
import { FileDropZone } from './FileDropZone.tsx';
import { FileRow, type FileEntry } from './FileRow.tsx';

// The Documents page's Upload Document (docs/product/documents.md): several files to several teams,
// one request per team per file, each file with its own progress bar. A file that failed keeps its row
// with Retry, which sends it again only to the teams it failed for. One upload at a time: the button is
// disabled while one runs, and a ref refuses a second start within the same frame.

type Notice = { title: string; text: string } | null;

interface UploadDocumentsModalProps {
  /** The teams the user may upload to. */
  teams: readonly Team[];
  /** Ticked when the dialog opens (the page's team). */
  initialTeamId: number;
  /** Spec: public by default, false after an upload. */
  initialPublic: boolean;
  onUploaded: () => void;
  onClose: () => void;
}

export function UploadDocumentsModal({
  teams,
  initialTeamId,
  initialPublic,
  onUploaded,
  onClose,
}: UploadDocumentsModalProps) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<FileEntry[]>([]);
  const [teamIds, setTeamIds] = useState<number[]>(() =>
    teams.some((t) => t.id === initialTeamId) ? [initialTeamId] : [],
  );
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<DocumentCategory>(DEFAULT_DOCUMENT_CATEGORY);
  const [isPublic, setIsPublic] = useState(initialPublic);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const abort = useRef<AbortController | null>(null);

  // Closing the dialog (after being asked) stops what is still being sent.
  useEffect(() => () => abort.current?.abort(), []);

  const teamName = (id: number) => teams.find((t) => t.id === id)?.name ?? `team ${id}`;
  const update = (key: string, patch: Partial<FileEntry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const addFiles = (files: File[]) => {
    setNotice(null);
    const added = files
      .filter((file) => !entries.some((e) => sameFile(e.file, file)))
      .map<FileEntry>((file) => ({
        key: randomKey(),
        file,
        problem: fileProblem(file),
        status: 'ready',
        progress: 0,
        pendingTeamIds: [],
        error: null,
        several: null,
      }));
    const next = [...entries, ...added];
    setEntries(next);
    // A single file names the document when no title was typed.
    const only = next.length === 1 ? next[0] : undefined;
    if (only && !title.trim()) setTitle(titleFromFilename(only.file.name).slice(0, DOCUMENT_LIMITS.titleMax));
  };

  const removeFile = (key: string) => setEntries((list) => list.filter((e) => e.key !== key));

  /** Sends each file to its teams; `targets` says which teams each file still needs. */
  const send = async (
    batch: { entry: FileEntry; teamIds: number[]; several: boolean }[],
    baseTitle: string,
  ) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setNotice(null);
    const controller = new AbortController();
    abort.current = controller;
    const successes: { file: string; teamId: number }[] = [];
    const failures: { file: string; teamId: number; error: string }[] = [];
    try {
      for (const { entry, teamIds: targets, several } of batch) {
        update(entry.key, { status: 'uploading', progress: 0, error: null, several });
        const shares = new Map<number, number>(targets.map((id) => [id, 0]));
        const failedTeams: number[] = [];
        let lastError: string | null = null;
        for (const teamId of targets) {
          try {
            await uploadDocument(
              teamId,
              {
                title: titleForFile(baseTitle, entry.file.name, several),
                description: description.trim(),
                category,
                isPublic,
              },
              entry.file,
              {
                signal: controller.signal,
                idempotencyKey: `${entry.key}-${teamId}`,
                onProgress: (fraction) => {
                  shares.set(teamId, fraction);
                  const total = [...shares.values()].reduce((a, b) => a + b, 0);
                  update(entry.key, { progress: total / targets.length });
                },
              },
            );
            successes.push({ file: entry.file.name, teamId });
            void queryClient.invalidateQueries({ queryKey: documentKeys.team(teamId) });
          } catch (error) {
            if (controller.signal.aborted) return;
            const text = errorMessage(error, DOCUMENT_MESSAGES.uploadFailed);
            failedTeams.push(teamId);
            lastError = text;
            failures.push({ file: entry.file.name, teamId, error: text });
          }
        }
        update(
          entry.key,
          failedTeams.length === 0
            ? { status: 'done', progress: 1, pendingTeamIds: [] }
            : { status: 'failed', pendingTeamIds: failedTeams, error: lastError },
        );
      }
    } finally {
      sending.current = false;
      abort.current = null;
      if (!controller.signal.aborted) setBusy(false);
    }

    const total = successes.length + failures.length;
    if (failures.length === 0) {
      const files = new Set(successes.map((s) => s.file)).size;
      const teamCount = new Set(successes.map((s) => s.teamId)).size;
      showToast('success', DOCUMENT_MESSAGES.uploaded(files, teamCount));
      onUploaded();
      onClose();
      return;
    }
    // Uploaded files leave the list; the failed ones stay, each with Retry.
    setEntries((list) => list.filter((e) => e.status !== 'done'));
    if (successes.length > 0) {
      setNotice({
        title: DOCUMENT_MESSAGES.partialTitle,
        text: DOCUMENT_MESSAGES.partial(
          successes.length,
          total,
          failures.map((f) => `${f.file} to ${teamName(f.teamId)}`),
        ),
      });
      onUploaded();
    } else {
      setNotice({
        title: DOCUMENT_MESSAGES.uploadFailedTitle,
        text: DOCUMENT_MESSAGES.uploadFailedAll([...new Set(failures.map((f) => f.error))]),
      });
    }
  };

  const baseTitle = title.trim();
  const several = entries.length > 1;

  const onSubmit = () => {
    if (sending.current) return;
    if (teamIds.length === 0) {
      setNotice({ title: DOCUMENT_MESSAGES.noTeamsSelectedTitle, text: DOCUMENT_MESSAGES.noTeamsSelected });
      return;
    }
    const missing = [entries.length === 0 ? 'file(s)' : '', baseTitle ? '' : 'title'].filter(Boolean);
    if (missing.length > 0) {
      setNotice({
        title: DOCUMENT_MESSAGES.missingInformationTitle,
        text: DOCUMENT_MESSAGES.missingInformation(missing),
      });
      return;
    }
    if (entries.some((e) => e.problem)) {
      setNotice({
        title: 'Files Not Accepted',
        text: 'Remove the files marked below; they cannot be uploaded.',
      });
      return;
    }
    void send(
      entries.map((entry) => ({
        entry,
        teamIds: entry.status === 'failed' ? entry.pendingTeamIds : teamIds,
        several: entry.several ?? several,
      })),
      baseTitle,
    );
  };

  const retry = (entry: FileEntry) => {
    if (!baseTitle) {
      setNotice({
        title: DOCUMENT_MESSAGES.missingInformationTitle,
        text: DOCUMENT_MESSAGES.missingInformation(['title']),
      });
      return;
    }
    void send([{ entry, teamIds: entry.pendingTeamIds, several: entry.several ?? several }], baseTitle);
  };

  const toggleTeam = (id: number, on: boolean) =>
    setTeamIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  const dirty =
    entries.length > 0 ||
    title.trim() !== '' ||
    description.trim() !== '' ||
    category !== DEFAULT_DOCUMENT_CATEGORY;

  return (
    <FormModal
      title="Upload Document"
      size="lg"
      formLabel="Upload document"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={entries.length > 1 ? `Upload ${entries.length} Files` : 'Upload'}
      busyLabel="Uploading..."
      busy={busy}
      isDirty={dirty}
    >
      {notice && (
        <Alert tone="error">
          <strong>{notice.title}</strong> {notice.text}
        </Alert>
      )}
      <FileDropZone multiple onFiles={addFiles} disabled={busy} />
      {entries.length > 0 && (
        <ul className="upload-files" aria-label="Chosen files">
          {entries.map((entry) => (
            <FileRow
              key={entry.key}
              entry={entry}
              busy={busy}
              onRemove={() => removeFile(entry.key)}
              onRetry={() => retry(entry)}
              failedFor={entry.pendingTeamIds.map(teamName)}
            />
          ))}
        </ul>
      )}
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Upload to</legend>
        {teams.map((team) => (
          <CheckboxField
            key={team.id}
            label={team.name}
            checked={teamIds.includes(team.id)}
            onCheckedChange={(on) => toggleTeam(team.id, on)}
          />
        ))}
      </fieldset>
      <TextField
        label="Title"
        value={title}
        onValueChange={setTitle}
        maxLength={DOCUMENT_LIMITS.titleMax}
        required
        {...(several ? { hint: 'Each file is stored as this title, " - " and its own name.' } : {})}
      />
      <TextAreaField
        label="Description"
        value={description}
        onValueChange={setDescription}
        maxLength={DOCUMENT_LIMITS.descriptionMax}
      />
      <SelectField
        label="Category"
        value={category}
        options={CATEGORY_OPTIONS}
        onValueChange={(value) => setCategory(value as DocumentCategory)}
      />
      <CheckboxField
        label="Public"
        checked={isPublic}
        onCheckedChange={setIsPublic}
        description={DOCUMENT_MESSAGES.audience(isPublic)}
      />
    </FormModal>
  );
}
