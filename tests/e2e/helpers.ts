import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type APIResponse, expect, type Page, type TestInfo } from '@playwright/test';
import { AUTH_TOKEN_KEY } from '../../src/web/lib/auth-token.ts';
import { waitForEmail } from './mail.ts';

export const CLUB = 'Riverside Youth Soccer Club';
export const PASSWORD = 'Corner#Kick9';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

export const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** On a phone the side bar is a drawer behind the Menu button; on a desktop it is always there. */
export async function openNavigation(page: Page, info: TestInfo): Promise<void> {
  if (!isPhone(info)) return;
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Signs a new coach up through the form; the dashboard greets a coach with no team with the wizard. */
export async function signUpCoach(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up as a coach' }).click();
  await expect(page.getByRole('heading', { name: 'Coach Sign Up' })).toBeVisible();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Coach Account' }).click();
  await expectTeamWizard(page);
}

/** The dashboard of a coach with no team, with the team wizard open; closes it unless asked not to. */
async function expectTeamWizard(page: Page, { keepWizardOpen = false } = {}): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  const wizard = page.getByRole('dialog', { name: 'Create Your Team' });
  await expect(wizard).toBeVisible();
  if (!keepWizardOpen) {
    await wizard.getByRole('button', { name: 'Close' }).click();
    await expect(wizard).toBeHidden();
  }
}

/** An account and a real token for it, handed out by the API (POST /api/auth/token). */
export interface Account {
  email: string;
  token: string;
}

async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Signs in through the API, as the sign-in form does, and returns the token. */
export async function tokenFor(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const { access_token: token } = await ok<{ access_token: string }>(
    await request.post('/api/auth/token', { data: { username: email, password } }),
  );
  return token;
}

/**
 * The owner follows the verification link emailed to `email` (through the API, as the page does),
 * signed in to the account it was sent for: the link confirms nothing for anyone else. `session`: that
 * account's token, by default a sign-in as `email`.
 */
export async function confirmEmail(
  request: APIRequestContext,
  email: string,
  session?: string,
): Promise<void> {
  const message = await waitForEmail(email, /Confirm your email address/);
  const token = /\/verify-email\?token=([\w-]+)/.exec(message.text)?.[1];
  expect(token, message.text).toBeTruthy();
  const bearer = session ?? (await tokenFor(request, email));
  await ok(
    await request.post('/api/auth/verify-email', {
      headers: { authorization: `Bearer ${bearer}` },
      data: { token },
    }),
  );
}

/**
 * A new account made through the API (the public sign-up), signed in there. A coach confirms the
 * email as well, as one who sends invites and polls must (docs/decisions/007), unless `confirmed`
 * says otherwise.
 */
export async function registerAccount(
  request: APIRequestContext,
  name: string,
  {
    role = 'coach',
    email = uniqueEmail(role),
    confirmed = role === 'coach',
  }: { role?: 'coach' | 'parent' | 'player'; email?: string; confirmed?: boolean } = {},
): Promise<Account> {
  await ok(await request.post('/api/auth/register', { data: { name, email, password: PASSWORD, role } }));
  if (confirmed) await confirmEmail(request, email);
  return { email, token: await tokenFor(request, email) };
}

/**
 * Signs the page in as `account` without the sign-in form: the app's token goes into local storage,
 * where the form leaves it, before the app's first load in this page. Then opens `path` (null: opens
 * nothing). Later loads find whatever the app left there (signed out, a replaced token), as after a
 * real sign-in, so call it once per page. The form itself is tested in coach-account.spec.ts.
 */
export async function signInAs(page: Page, account: Account, path: string | null = '/'): Promise<void> {
  await page.addInitScript(
    ({ key, token, flag }) => {
      if (!location.protocol.startsWith('http') || window !== window.top || sessionStorage.getItem(flag))
        return;
      sessionStorage.setItem(flag, '1');
      localStorage.setItem(key, token);
    },
    { key: AUTH_TOKEN_KEY, token: account.token, flag: 'e2e:signed-in' },
  );
  if (path !== null) await page.goto(path);
}

/**
 * A new coach with no team, made through the API and signed in with signInAs: signUpCoach without
 * the forms, ending the same way, on the dashboard with the team wizard closed (or kept open).
 */
export async function signInAsNewCoach(
  page: Page,
  request: APIRequestContext,
  name: string,
  { keepWizardOpen = false } = {},
): Promise<Account> {
  const coach = await registerAccount(request, name);
  await signInAs(page, coach);
  await expectTeamWizard(page, { keepWizardOpen });
  return coach;
}

export interface CoachWithTeam extends Account {
  team: { id: number; name: string; invite_code: string };
  players: { id: number; name: string; jersey_number: number | null }[];
}

/** A coach with a team and players, made through the API: quicker than the wizard where it is not the subject. */
export async function coachWithTeam(
  request: APIRequestContext,
  teamName: string,
  players: { name: string; jersey_number?: number; position?: string; age?: number }[],
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<CoachWithTeam> {
  const { email, token } = await registerAccount(request, 'Robin Coach', { confirmed });
  const headers = { authorization: `Bearer ${token}` };
  const team = await ok<CoachWithTeam['team']>(
    await request.post('/api/teams/setup-complete', {
      headers,
      data: { name: teamName, head_coach_name: 'Robin Coach' },
    }),
  );
  const added = await ok<{ players: CoachWithTeam['players'] }>(
    await request.post(`/api/teams/${team.id}/players/bulk`, { headers, data: { players } }),
  );
  return { email, token, team, players: added.players };
}

/** Fills and sends the sign-in form on the page (it must be showing): only for tests about the form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens a tab from the side bar (through the drawer on a phone). */
export async function goToTab(page: Page, info: TestInfo, label: string): Promise<void> {
  await openNavigation(page, info);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: label, exact: label !== 'Admin' })
    .click();
}

/** An API call as `account`, expected to succeed; answers the JSON body. */
export async function apiCall<T>(
  request: APIRequestContext,
  account: Account,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  data?: unknown,
): Promise<T> {
  const headers = { authorization: `Bearer ${account.token}` };
  const response = await request[method](`/api${path}`, { headers, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** With E2E_SCREENSHOTS set, a function that keeps pictures of the page in /tmp to look at. */
export function snapshotter(prefix: string) {
  return async (page: Page, info: TestInfo, name: string): Promise<void> => {
    if (!process.env['E2E_SCREENSHOTS']) return;
    await page.screenshot({ path: `/tmp/${prefix}-${name}-${info.project.name}.png`, fullPage: true });
  };
}

/** axe finds nothing against WCAG 2.1 A and AA. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} ${v.help}`)).toEqual([]);
}

/** `account` joins the coach's team with its invite code, and the coach approves it for that player. */
export async function joinApprovedFor(
  request: APIRequestContext,
  coach: CoachWithTeam,
  account: Account,
  playerId: number | undefined,
): Promise<void> {
  const { request_id: requestId } = await apiCall<{ request_id: number }>(
    request,
    account,
    'post',
    '/teams/join',
    { invite_code: coach.team.invite_code },
  );
  await apiCall(request, coach, 'post', `/join-requests/${requestId}/approve`, { player_id: playerId });
}

/**
 * Records the page's layout shifts from its first paint (not those right after input), as Lighthouse's
 * CLS counts them. Call before the page loads; `layoutShifts` reads them.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far, after half a second for a late one. */
export async function layoutShifts(page: Page): Promise<number[]> {
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}

/**
 * Closing the page (as a reload or a closed tab would) makes the browser ask first, in its own words
 * (a page cannot set them); answering Stay keeps the page open.
 */
export async function expectBrowserAsksBeforeClosing(page: Page): Promise<void> {
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  expect(page.isClosed()).toBe(false);
}
