import { expect, type Page, type TestInfo } from '@playwright/test';

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
): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up as a coach' }).click();
  await expect(page.getByRole('heading', { name: 'Coach Sign Up' })).toBeVisible();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Coach Account' }).click();
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
