import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

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

export async function signUpCoach(
  page: Page,
  name: string,
  email: string,
  password = PASSWORD,
  { keepWizardOpen = false } = {},
): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up as a coach' }).click();
  await expect(page.getByRole('heading', { name: 'Coach Sign Up' })).toBeVisible();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Coach Account' }).click();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  const wizard = page.getByRole('dialog', { name: 'Create Your Team' });
  await expect(wizard).toBeVisible();
  if (!keepWizardOpen) {
    await wizard.getByRole('button', { name: 'Close' }).click();
    await expect(wizard).toBeHidden();
  }
}

export interface CoachWithTeam {
  email: string;
  token: string;
  team: { id: number; name: string; invite_code: string };
  players: { id: number; name: string; jersey_number: number | null }[];
}

/** A coach with a team and players, made through the API: quicker than the wizard where it is not the subject. */
export async function coachWithTeam(
  request: APIRequestContext,
  teamName: string,
  players: { name: string; jersey_number?: number; position?: string; age?: number }[],
): Promise<CoachWithTeam> {
  const email = uniqueEmail('coach');
  const ok = async <T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> => {
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  };
  await ok(
    await request.post('/api/auth/register', {
      data: { name: 'Robin Coach', email, password: PASSWORD, role: 'coach' },
    }),
  );
  const { access_token: token } = await ok<{ access_token: string }>(
    await request.post('/api/auth/token', { data: { username: email, password: PASSWORD } }),
  );
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

/** Signs in through the page with the form, from wherever the page is. */
export async function signInFresh(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await signIn(page, email, password);
}

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
