import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import { IMPORT_TOO_MANY_ROWS, type RosterImportResult } from '../../../../shared/api/roster-import.ts';
import type { Player } from '../../../../shared/api/roster.ts';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportRow,
  planImport,
  problemsOfRow,
  type RosterBefore,
  type RowProblem,
  type RowRole,
} from '../../../../shared/roster-rows.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../../shared/teams.ts';
import { CheckboxField } from '../../../components/CheckboxField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { problemsOf, useImportRoster } from '../api/import-roster.ts';
import {
  guessMapping,
  looksLikeHeader,
  mapRows,
  type Mapping,
  parseSheet,
  remap,
} from '../lib/import-mapping.ts';
import { failedTo } from '../lib/messages.ts';
import './roster-import.css';

// 'Import Roster' (docs/product/roster-and-parents.md 'Roster import', docs/decisions/049): rows pasted
// from a spreadsheet or read from a CSV file, columns mapped, every row checked by the forms' rules
// before anything is sent; rows with a problem are fixed in place. Loaded only when opened (papaparse
// comes with it).

export const IMPORT_TEXT = {
  fileTooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it and import each part.`,
  fixRows: 'Fix the rows marked below before importing.',
  nothingYet: 'Paste rows or choose a file first.',
} as const;

const FIELD_OPTIONS = IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] }));

function roleText(role: RowRole | undefined): string {
  if (!role || role.kind === 'new') return 'New player';
  if (role.kind === 'earlier') return `Same player as row ${role.row}`;
  if (role.kind === 'roster') return 'On the roster';
  return '';
}

interface RosterImportModalProps {
  teamId: number;
  players: readonly Player[];
  onClose: () => void;
  onImported: (result: RosterImportResult) => void;
}

export function RosterImportModal({ teamId, players, onClose, onImported }: RosterImportModalProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const readyId = useId();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [headerChoice, setHeaderChoice] = useState<boolean | null>(null);
  const [mappingChoice, setMappingChoice] = useState<Mapping | null>(null);
  const [edits, setEdits] = useState<Record<number, ImportRow>>({});
  /** Rows shown with their inputs: those that had a problem stay open while being fixed. */
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [serverProblems, setServerProblems] = useState<RowProblem[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useImportRoster(teamId);

  const tooLarge = text.length > IMPORT_MAX_BYTES;
  const sheet = useMemo(() => (tooLarge ? [] : parseSheet(text)), [text, tooLarge]);
  const hasHeader = headerChoice ?? looksLikeHeader(sheet[0]);
  const mapping = useMemo(
    () => mappingChoice ?? guessMapping(sheet, hasHeader),
    [mappingChoice, sheet, hasHeader],
  );
  const baseRows = useMemo(() => mapRows(sheet, hasHeader, mapping), [sheet, hasHeader, mapping]);
  const rows = useMemo(() => baseRows.map((row, i) => edits[i] ?? row), [baseRows, edits]);
  const before: RosterBefore = useMemo(
    () => ({
      players: players.map((p) => ({ id: p.id, name: p.name, jersey_number: p.jersey_number })),
      contacts: players.flatMap((p) =>
        p.parent_contacts.flatMap((c) => (c.email ? [{ player_id: p.id, email: c.email }] : [])),
      ),
    }),
    [players],
  );
  const plan = useMemo(() => planImport(rows, before), [rows, before]);
  const problems = plan.problems.length > 0 ? plan.problems : (serverProblems ?? []);
  const badRows = new Set(problems.map((p) => p.row));
  const tooMany = rows.length > IMPORT_MAX_ROWS;
  const shownFields = IMPORT_FIELDS.filter((field) => field === 'player_name' || mapping.includes(field));
  const headerCells = hasHeader ? (sheet[0] ?? []) : [];
  const rowCount = plan.roles.filter((role) => role.kind !== 'blank').length;

  /** A new text or layout: the old edits and mapping no longer match its rows. */
  const startOver = () => {
    setEdits({});
    setOpen(new Set());
    setServerProblems(null);
    setMessage(null);
  };

  const onText = (value: string) => {
    setText(value);
    setFileName(null);
    setFileError(null);
    setHeaderChoice(null);
    setMappingChoice(null);
    startOver();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError(IMPORT_TEXT.fileTooLarge);
      return;
    }
    onText(await file.text());
    setFileName(file.name);
  };

  const onCell = (index: number, field: ImportField, value: string) => {
    const row = rows[index] ?? {};
    setEdits((current) => ({ ...current, [index]: { ...row, [field]: value } }));
    setOpen((current) => new Set(current).add(index + 1));
    setServerProblems(null);
  };

  const onSubmit = () => {
    let failure: string | null = null;
    if (tooLarge) failure = IMPORT_TEXT.fileTooLarge;
    else if (tooMany) failure = IMPORT_TOO_MANY_ROWS;
    else if (rowCount === 0)
      failure = sheet.length === 0 ? IMPORT_TEXT.nothingYet : IMPORT_MESSAGES.nothingToImport;
    else if (problems.length > 0) failure = IMPORT_TEXT.fixRows;
    flushSync(() => {
      setMessage(failure);
      setOpen((current) => new Set([...current, ...badRows]));
    });
    if (failure) return focusFirstInvalid(formRef.current);
    mutation.mutate(rows, {
      onSuccess: onImported,
      onError: (error) => {
        const found = problemsOf(error);
        if (!found) return;
        flushSync(() => {
          setServerProblems(found);
          setOpen((current) => new Set([...current, ...found.map((p) => p.row)]));
          setMessage(IMPORT_TEXT.fixRows);
        });
        focusFirstInvalid(formRef.current);
      },
    });
  };

  const failure =
    mutation.isError && !problemsOf(mutation.error) ? failedTo('import the roster', mutation.error) : null;
  const editable = rows.flatMap((row, i) => (badRows.has(i + 1) || open.has(i + 1) ? [i] : []));
  const ready = rows.flatMap((row, i) =>
    plan.roles[i]?.kind === 'blank' || badRows.has(i + 1) || open.has(i + 1) ? [] : [i],
  );

  return (
    <FormModal
      title="Import Roster"
      size="xl"
      formRef={formRef}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={rowCount > 0 ? `Import ${rowCount} ${rowCount === 1 ? 'Row' : 'Rows'}` : 'Import'}
      busyLabel="Importing..."
      busy={mutation.isPending}
      error={message ?? failure}
      isDirty={text.trim() !== ''}
    >
      <p className="muted">
        One row per player, or per parent: rows naming the same player add more parents to that player, and a
        player already on the roster gets the parents only. Nothing is saved until you import, and no invite
        is sent until you choose Invite all.
      </p>
      <TextAreaField
        label="Paste rows from a spreadsheet"
        hint="Copy the rows in Excel, Numbers or Google Sheets (with their header row if they have one) and paste them here."
        rows={5}
        spellCheck={false}
        value={fileName ? '' : text}
        placeholder={fileName ? `Read from ${fileName}` : undefined}
        onValueChange={onText}
      />
      <div className="field import__file">
        <label className="field__label" htmlFor="import-file">
          Or choose a CSV file
        </label>
        <input
          id="import-file"
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          onChange={(event) => void onFile(event)}
          aria-describedby={fileError ? 'import-file-error' : undefined}
        />
        {fileName && <p className="muted">Read from {fileName}.</p>}
        {fileError && (
          <p id="import-file-error" className="field__error" role="alert">
            {fileError}
          </p>
        )}
      </div>

      {sheet.length > 0 && (
        <>
          <fieldset className="fieldset">
            <legend className="fieldset__legend">Columns</legend>
            <CheckboxField
              label="The first row is a header"
              checked={hasHeader}
              onCheckedChange={(checked) => {
                setHeaderChoice(checked);
                setMappingChoice(null);
                startOver();
              }}
            />
            <div className="import__columns">
              {mapping.map((field, column) => (
                <SelectField
                  key={column}
                  label={`Column ${column + 1}${headerCells[column] ? ` (${headerCells[column]})` : ''}`}
                  placeholder="Do not import"
                  options={FIELD_OPTIONS}
                  value={field ?? ''}
                  onValueChange={(value) => {
                    setMappingChoice(remap(mapping, column, (value || null) as ImportField | null));
                    startOver();
                  }}
                />
              ))}
            </div>
          </fieldset>

          <p className="import__summary" role="status">
            {plan.players.length} new {plan.players.length === 1 ? 'player' : 'players'},{' '}
            {plan.contacts.length} parent {plan.contacts.length === 1 ? 'contact' : 'contacts'}
            {badRows.size > 0 &&
              `; ${badRows.size === 1 ? '1 row has a problem' : `${badRows.size} rows have problems`}`}
            {tooMany && `. ${IMPORT_TOO_MANY_ROWS}`}
          </p>

          {editable.length > 0 && (
            <ol className="import__rows" role="list">
              {editable.map((index) => {
                const rowErrors = problemsOfRow(problems, index + 1);
                return (
                  <li key={index}>
                    <fieldset className="fieldset import__row">
                      <legend className="fieldset__legend">
                        Row {index + 1}
                        <span className="muted"> · {roleText(plan.roles[index])}</span>
                      </legend>
                      <div className="import__fields">
                        {shownFields.map((field) => (
                          <TextField
                            key={field}
                            label={IMPORT_FIELD_LABELS[field]}
                            autoComplete="off"
                            value={rows[index]?.[field] ?? ''}
                            onValueChange={(value) => onCell(index, field, value)}
                            error={rowErrors[field]}
                          />
                        ))}
                      </div>
                    </fieldset>
                  </li>
                );
              })}
            </ol>
          )}

          {ready.length > 0 && (
            <div className="import__table-wrap" role="region" aria-labelledby={readyId} tabIndex={0}>
              <table className="import__table">
                <caption id={readyId} className="import__caption">
                  Ready to import
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    {shownFields.map((field) => (
                      <th key={field} scope="col">
                        {IMPORT_FIELD_LABELS[field]}
                      </th>
                    ))}
                    <th scope="col">Adds</th>
                  </tr>
                </thead>
                <tbody>
                  {ready.map((index) => (
                    <tr key={index}>
                      <td>{index + 1}</td>
                      {shownFields.map((field) => (
                        <td key={field}>{rows[index]?.[field]}</td>
                      ))}
                      <td>{roleText(plan.roles[index])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </FormModal>
  );
}
