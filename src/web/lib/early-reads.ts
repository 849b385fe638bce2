import { accountCan } from '../../shared/permissions.ts';
import { ROLES, type Role } from '../../shared/roles.ts';
import { API_BASE, COACHED_TEAMS_PATH, CONFIG_PATH, ME_PATH, MY_TEAM_PATH } from './api-paths.ts';
import { AUTH_TOKEN_KEY } from './auth-token-key.ts';

// The page's first reads, started by a script inside index.html while the app's files download
// (docs/decisions/052). On a phone those files take a second or more; the user, the club's settings and
// the user's teams are asked for meanwhile, and the app takes each answer instead of asking again.
// `startEarlyReads` is built into the page (scripts/vite-early-reads.ts); `takeEarlyRead` is used by
// the app's API client. Nothing here may import React or the app's other modules: it runs first.

/** A read the page started: the token it was made with, and its answer (null: not made, or failed). */
interface EarlyRead {
  token: string | null;
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __earlyReads?: Record<string, EarlyRead>;
  }
}

function storedToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Asks for `path` as the API client would (same headers); a failure is an answer of null. */
function fetchAnswer(path: string, token: string | null): Promise<Response | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  return fetch(`${API_BASE}${path}`, { headers }).catch(() => null);
}

/** The role in a /auth/me answer, or null when there is none to trust. */
async function roleOf(answer: Response | null): Promise<Role | null> {
  if (!answer?.ok) return null;
  try {
    const user: unknown = await answer.clone().json();
    const role = user && typeof user === 'object' && 'role' in user ? user.role : null;
    return (ROLES as readonly unknown[]).includes(role) ? (role as Role) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the page's first reads: the club's settings always; with a stored token, also the signed-in
 * app's files (`signedInFiles`, fetched beside the entry instead of after it has run), the user, and
 * once the user's role is known, their teams.
 */
export function startEarlyReads(signedInFiles: readonly string[]): void {
  const reads: Record<string, EarlyRead> = {};
  window.__earlyReads = reads;
  reads[CONFIG_PATH] = { token: null, response: fetchAnswer(CONFIG_PATH, null) };
  const token = storedToken();
  if (!token) return;
  const me = fetchAnswer(ME_PATH, token);
  reads[ME_PATH] = { token, response: me };
  const role = me.then(roleOf);
  // Both team lists are registered now, whichever the role turns out to ask for: the app may ask before
  // the user's answer has been read here, and must then wait for this read rather than make its own.
  for (const [path, coached] of [
    [COACHED_TEAMS_PATH, true],
    [MY_TEAM_PATH, false],
  ] as const) {
    const response = role.then((known) =>
      known !== null && accountCan({ role: known }, 'coach_teams') === coached
        ? fetchAnswer(path, token)
        : null,
    );
    reads[path] = { token, response };
  }
  // The files once the page has painted ('Loading...'): started at once they shared the connection with
  // the page's own stylesheet, and the first paint waited for both.
  requestAnimationFrame(() => setTimeout(() => preload(signedInFiles), 0));
}

function preload(files: readonly string[]): void {
  for (const file of files) {
    const link = document.createElement('link');
    // As the app's loader will ask for them (crossorigin), or the browser would fetch them twice.
    link.rel = file.endsWith('.css') ? 'preload' : 'modulepreload';
    if (file.endsWith('.css')) link.as = 'style';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}

/**
 * The answer of a read the page started for `path` with the same token, taken once: later reads of the
 * same address go to the network. Undefined when there is none (the app then asks itself); the
 * promise's null means the read was not made or failed, and the app asks itself too.
 */
export function takeEarlyRead(path: string, token: string | null): Promise<Response | null> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.__earlyReads;
  const read = reads?.[path];
  if (!reads || !read) return undefined;
  delete reads[path];
  return read.token === token ? read.response : undefined;
}
