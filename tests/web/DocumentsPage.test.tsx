// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamDocument } from '../../src/shared/api/documents.ts';
import type { Team } from '../../src/shared/api/teams.ts';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from '../../src/shared/documents.ts';
import { NETWORK_ERROR_MESSAGE, WRITE_TIMEOUT_MS } from '../../src/web/lib/api-client.ts';
import { ToastRegion } from '../../src/web/components/ToastRegion.tsx';
import { uploadDocument } from '../../src/web/features/documents/api/upload-document.ts';
import { DocumentsPage } from '../../src/web/features/documents/components/DocumentsPage.tsx';
import { TournamentDocuments } from '../../src/web/features/documents/components/TournamentDocuments.tsx';
import { dismissToast } from '../../src/web/lib/toasts.ts';
import { noPermissions } from './events-fixtures.ts';
import { mockFetch, renderWithClient, type FetchCall } from './render-with-client.tsx';
import { teamFixture } from './team-fixture.ts';

// The Documents page (docs/product/documents.md) and the upload request under it.

afterEach(() => {
  cleanup();
  dismissToast();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function doc(id: number, overrides: Partial<TeamDocument> = {}): TeamDocument {
  return {
    id,
    team_id: 3,
    title: `Document ${id}`,
    description: null,
    filename: `file-${id}.pdf`,
    original_filename: `file-${id}.pdf`,
    category: 'general',
    is_public: true,
    tournament_id: null,
    file_size: 2048,
    file_type: 'pdf',
    created_at: '2026-11-20T18:00:00.000Z',
    uploaded_by: 1,
    uploader: { name: 'Casey Coach' },
    tournament: null,
    can_manage: false,
    ...overrides,
  };
}

function serve(
  list: TeamDocument[],
  answer?: (url: string, method: string) => { status?: number; body: unknown } | undefined,
): FetchCall[] {
  return mockFetch((url, method) => {
    const custom = answer?.(url, method);
    if (custom) return custom;
    if (url.includes('/moderators/my-permissions/')) return { body: noPermissions() };
    if (url.includes('/documents/team/')) return { body: list };
    if (url.endsWith('/config'))
      return {
        body: { club_name: 'Club', team_time_zone: 'America/Chicago', rsvp_reminder_hours_default: 48 },
      };
    return { body: {} };
  });
}

const coachTeam = teamFixture();
const otherTeam = teamFixture({ id: 4, name: 'Riverside Tigers' });
const parentTeam = teamFixture({ is_coach: false, invite_code: null });

function renderPage(team: Team = coachTeam, teams: Team[] = [team]) {
  return renderWithClient(
    <>
      <ToastRegion layer={null} />
      <DocumentsPage title="Team Documents" team={team} teams={teams} />
    </>,
  );
}

describe('DocumentsPage: months and search (decision 051)', () => {
  // Added across two months in Chicago; 2026-12-01T03:00Z is still November 30 there. Twelve
  // documents: a long list, folded.
  const season = [
    doc(1, { title: 'Winter schedule', created_at: '2026-12-01T03:00:00.000Z' }),
    doc(2, {
      title: 'Medical form',
      original_filename: 'medical-2026.pdf',
      created_at: '2026-11-20T18:00:00.000Z',
    }),
    doc(4, { title: 'Team photo', created_at: '2026-11-05T18:00:00.000Z' }),
    doc(3, { title: 'Cup rules', created_at: '2026-10-02T18:00:00.000Z' }),
    ...Array.from({ length: 8 }, (_, i) =>
      doc(10 + i, { title: `Newsletter ${i + 1}`, created_at: `2026-10-${String(20 - i)}T18:00:00.000Z` }),
    ),
  ];

  it('groups documents by the month they were added, this month open, and searches by title and file name', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T15:00:00Z'));
    serve(season);
    renderPage(parentTeam);
    const november = await screen.findByRole('list', { name: 'Documents of Riverside Lions, November 2026' });
    expect(
      within(november)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Winter schedule', 'Medical form', 'Team photo']);
    expect(screen.getByRole('button', { name: 'October 2026 (9)' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.getByRole('button', { name: 'November 2026 (3)' }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    const search = screen.getByRole('searchbox', { name: 'Search documents' });
    fireEvent.change(search, { target: { value: 'RULES' } });
    // A match in a folded month is shown.
    expect(screen.getByRole('button', { name: 'October 2026 (1)' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.queryByRole('button', { name: /November 2026/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Cup rules' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'medical-2026' } });
    expect(screen.getByRole('heading', { name: 'Medical form' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'budget' } });
    expect(screen.getByText('No documents match "budget".')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('button', { name: 'October 2026 (9)' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});

describe('DocumentsPage', () => {
  it('lists documents with their category, size, date, uploader and tournament; Edit and Delete only where allowed', async () => {
    const calls = serve([
      doc(1, { title: 'Medical form', category: 'medical', can_manage: true }),
      doc(2, {
        title: 'Cup rules',
        category: 'tournament',
        tournament: { name: 'Harvest Cup' },
        file_size: 3 * 1024 * 1024,
      }),
    ]);
    renderPage(parentTeam);
    const list = await screen.findByRole('list', { name: 'Documents of Riverside Lions, November 2026' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Medical Forms');
    expect(first?.textContent).toContain('2 KB');
    expect(first?.textContent).toContain('11/20/2026');
    expect(first?.textContent).toContain('Casey Coach');
    expect(within(first!).getByRole('button', { name: 'Edit Medical form' })).toBeTruthy();
    expect(second?.textContent).toContain('3 MB');
    expect(second?.textContent).toContain('Harvest Cup');
    expect(within(second!).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(second!).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
    expect(calls.find((c) => c.url.includes('/documents/team/'))?.url).toContain(
      'include_tournament_docs=true',
    );
  });

  it('filters by category and leaves tournament documents out when asked', async () => {
    const calls = serve([]);
    renderPage();
    await screen.findByText(/No documents yet/);
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'waiver' } });
    fireEvent.click(screen.getByLabelText('Include Tournament Documents'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('include_tournament_docs=false&category=waiver'))).toBe(true),
    );
  });

  it('shows a team selector for a coach of two teams and loads the chosen team', async () => {
    const calls = serve([]);
    renderPage(coachTeam, [coachTeam, otherTeam]);
    await screen.findByText(/No documents yet/);
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: '4' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/documents/team/4?'))).toBe(true));
  });

  it('shows no team selector with one team', async () => {
    serve([]);
    renderPage();
    await screen.findByText(/No documents yet/);
    expect(screen.queryByLabelText('Team')).toBeNull();
  });

  it('checks the upload before sending: teams, then file and title; a file too large is flagged on its row', async () => {
    const calls = serve([]);
    renderPage(coachTeam, [coachTeam, otherTeam]);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Document' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Riverside Lions' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByRole('alert')?.textContent).toContain(
      `${DOCUMENT_MESSAGES.noTeamsSelectedTitle} ${DOCUMENT_MESSAGES.noTeamsSelected}`,
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Riverside Tigers' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByRole('alert')?.textContent).toContain('Please provide: file(s), title');

    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(DOCUMENT_LIMITS.maxBytes + 1)], 'Spring Schedule.pdf');
    fireEvent.change(input, { target: { files: [big] } });
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Spring Schedule');
    expect(within(dialog).getByRole('listitem')?.textContent).toContain(DOCUMENT_MESSAGES.tooLargeAlert);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByRole('alert')?.textContent).toContain('Remove the files marked below');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('edits a document: a blank title is refused with Validation Error, then PUT saves it', async () => {
    const calls = serve([doc(1, { title: 'Old', can_manage: true })], (url, method) =>
      method === 'PUT' ? { body: doc(1, { title: 'New', can_manage: true }) } : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Old' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Document' });
    const title = within(dialog).getByLabelText(/^Title/);
    fireEvent.change(title, { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert')?.textContent).toContain(
      `${DOCUMENT_MESSAGES.validationErrorTitle} ${DOCUMENT_MESSAGES.titleRequired}`,
    );
    fireEvent.change(title, { target: { value: 'New' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'rules' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(DOCUMENT_MESSAGES.updated);
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/documents/1',
      body: { title: 'New', category: 'rules', description: null, is_public: true },
    });
  });

  it('says beside the Public box who will see the file, in the upload and the edit dialogs', async () => {
    serve([doc(1, { title: 'Medical form', is_public: false, can_manage: true })]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const upload = screen.getByRole('dialog', { name: 'Upload Document' });
    const box = within(upload).getByRole('checkbox', { name: 'Public' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    const describedBy = () =>
      document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(describedBy()).toBe(DOCUMENT_MESSAGES.audience(true));
    fireEvent.click(box);
    expect(describedBy()).toBe(DOCUMENT_MESSAGES.audience(false));
    fireEvent.click(within(upload).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Medical form' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Document' });
    const editBox = within(edit).getByRole('checkbox', { name: 'Public' });
    expect((editBox as HTMLInputElement).checked).toBe(false);
    expect(edit.textContent).toContain(DOCUMENT_MESSAGES.audience(false));
    fireEvent.click(editBox);
    expect(edit.textContent).toContain(DOCUMENT_MESSAGES.audience(true));
  });

  it("shows a failed download under the title 'Error' with the server's reason", async () => {
    serve([doc(6, { title: 'Lost form' })], (url) =>
      url.includes('/documents/download/6')
        ? { status: 404, body: { detail: DOCUMENT_MESSAGES.fileMissing } }
        : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download Lost form' }));
    const failed = await screen.findByRole('dialog', { name: DOCUMENT_MESSAGES.errorTitle });
    expect(failed.textContent).toContain(
      `${DOCUMENT_MESSAGES.downloadFailed}: ${DOCUMENT_MESSAGES.fileMissing}`,
    );
    fireEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: DOCUMENT_MESSAGES.errorTitle })).toBeNull(),
    );
  });

  it("deletes after the spec's question; a missing file offers to remove the record with force", async () => {
    const calls = serve([doc(5, { title: 'Gone', can_manage: true })], (url, method) => {
      if (method !== 'DELETE') return undefined;
      return url.endsWith('force=true')
        ? { body: { message: 'Document deleted successfully' } }
        : { status: 404, body: { detail: DOCUMENT_MESSAGES.fileMissing } };
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Gone' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Document' });
    expect(confirm?.textContent).toContain(DOCUMENT_MESSAGES.deleteConfirm('Gone'));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const missing = await screen.findByRole('dialog', { name: DOCUMENT_MESSAGES.fileMissing });
    fireEvent.click(within(missing).getByRole('button', { name: 'Remove Record' }));
    await screen.findByText(DOCUMENT_MESSAGES.deleted);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/documents/5',
      '/api/documents/5?force=true',
    ]);
  });
});

describe('TournamentDocuments', () => {
  it("shows a failed download under the events screen's title 'Download Failed'", async () => {
    mockFetch((url) => {
      if (url.includes('/documents/tournament/9'))
        return { body: [doc(7, { title: 'Cup map', tournament_id: 9 })] };
      if (url.includes('/documents/download/7'))
        return { status: 404, body: { detail: DOCUMENT_MESSAGES.fileMissing } };
      return { body: {} };
    });
    renderWithClient(
      <TournamentDocuments
        teamId={3}
        tournamentId={9}
        canUpload={false}
        uploading={false}
        onUploadingChange={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download Cup map' }));
    const failed = await screen.findByRole('dialog', { name: DOCUMENT_MESSAGES.downloadFailedTitle });
    expect(failed.textContent).toContain(
      `${DOCUMENT_MESSAGES.downloadFailed}: ${DOCUMENT_MESSAGES.fileMissing}`,
    );
  });
});

/** A stand-in XMLHttpRequest that records what is sent and lets the test drive its events. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
}

/** A FakeXhr that answers by itself: `answer` decides from the form what the server says. */
function autoXhr(answer: (form: FormData) => { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class AutoXhr extends FakeXhr {
    override send(body: FormData) {
      super.send(body);
      sent.push(body);
      setTimeout(() => {
        const { status, body: json } = answer(body);
        this.upload.onload?.();
        this.status = status;
        this.responseText = JSON.stringify(json);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', AutoXhr);
  return sent;
}

describe('UploadDocumentsModal', () => {
  it('sends each file to each team under "title - name"; a refused file keeps its row and Retry sends only it', async () => {
    serve([]);
    let refuse = true;
    const sent = autoXhr((form) => {
      const file = form.get('file') as File;
      return refuse && file.name === 'b.png'
        ? { status: 400, body: { detail: DOCUMENT_MESSAGES.mismatch('png', 'pdf') } }
        : { status: 201, body: doc(1) };
    });
    renderPage(coachTeam, [coachTeam, otherTeam]);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Document' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Riverside Tigers' }));
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-'], 'a.pdf'), new File(['x'], 'b.png')] } });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Spring' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 Files' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(DOCUMENT_MESSAGES.partialTitle),
    );
    expect(within(dialog).getByRole('alert').textContent).toContain(
      DOCUMENT_MESSAGES.partial(2, 4, ['b.png to Riverside Lions', 'b.png to Riverside Tigers']),
    );
    expect(sent.map((f) => f.get('title'))).toEqual(['Spring - a', 'Spring - a', 'Spring - b', 'Spring - b']);
    const row = within(dialog).getByRole('listitem');
    expect(row.textContent).toContain(DOCUMENT_MESSAGES.mismatch('png', 'pdf'));

    refuse = false;
    const retry = within(row).getByRole('button', { name: 'Retry b.png' });
    // Two taps in one frame send it once.
    fireEvent.click(retry);
    fireEvent.click(retry);
    await screen.findByText(DOCUMENT_MESSAGES.uploaded(1, 2));
    expect(sent).toHaveLength(6);
    expect(sent.slice(4).map((f) => f.get('title'))).toEqual(['Spring - b', 'Spring - b']);
  });

  it('every file refused: Upload Failed with the reasons', async () => {
    serve([]);
    autoXhr(() => ({ status: 400, body: { detail: DOCUMENT_MESSAGES.program } }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Document' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'run.txt')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        `${DOCUMENT_MESSAGES.uploadFailedTitle} ${DOCUMENT_MESSAGES.uploadFailedAll([DOCUMENT_MESSAGES.program])}`,
      ),
    );
  });
});

describe('uploadDocument', () => {
  it('sends the text fields before the file, reports progress, and reads the stored document', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const file = new File(['%PDF-1.4'], 'rules.pdf');
    const sent = uploadDocument(
      3,
      { title: 'Rules', description: '', category: 'rules', isPublic: false, tournamentId: 7 },
      file,
      { onProgress: (f) => progress.push(f), idempotencyKey: 'k1' },
    );
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/documents/upload/3');
    expect(xhr.headers['Idempotency-Key']).toBe('k1');
    expect([...xhr.body!.keys()]).toEqual([
      'title',
      'description',
      'category',
      'is_public',
      'tournament_id',
      'file',
    ]);
    expect(xhr.body!.get('is_public')).toBe('false');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 8 } as ProgressEvent);
    xhr.upload.onload?.();
    xhr.status = 201;
    xhr.responseText = JSON.stringify(doc(9, { title: 'Rules' }));
    xhr.onload?.();
    await expect(sent).resolves.toMatchObject({ id: 9, title: 'Rules' });
    expect(progress).toEqual([0.5, 1]);
  });

  it('fails with the network message when nothing moves for the write deadline, and on a refusal with its detail', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new File(['x'], 'a.txt');
    const fields = { title: 'A', description: '', category: 'general' as const, isPublic: true };
    const stalled = uploadDocument(3, fields, file);
    const expectation = expect(stalled).rejects.toMatchObject({ status: 0, detail: NETWORK_ERROR_MESSAGE });
    vi.advanceTimersByTime(WRITE_TIMEOUT_MS + 1);
    await expectation;
    expect(FakeXhr.last!.aborted).toBe(true);

    const refused = uploadDocument(3, fields, file);
    const xhr = FakeXhr.last!;
    xhr.status = 400;
    xhr.responseText = JSON.stringify({ detail: DOCUMENT_MESSAGES.program });
    xhr.onload?.();
    await expect(refused).rejects.toMatchObject({ status: 400, detail: DOCUMENT_MESSAGES.program });
  });
});
