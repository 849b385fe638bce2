import { expect } from '@playwright/test';
import { E2E_INBOX_PORT } from '../../playwright.config.ts';

export interface Email {
  to: string[];
  subject: string;
  text: string;
}

/** The newest email to `to` that reached the test SMTP server, waiting for it to arrive. */
export async function waitForEmail(to: string, subject?: RegExp): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `http://127.0.0.1:${E2E_INBOX_PORT}/messages?to=${encodeURIComponent(to)}`,
        );
        const messages = (await response.json()) as Email[];
        found = messages.filter((m) => !subject || subject.test(m.subject)).at(-1);
        return Boolean(found);
      },
      // Asked often: the inbox is a local server, and the sender delivers within its 0.2 s poll, so
      // poll's default steps (up to 1 s apart) only added waiting to every test that reads an email.
      { timeout: 15_000, intervals: [50, 100, 200], message: `an email to ${to}` },
    )
    .toBe(true);
  return found as Email;
}

/** The first link in an email's text that starts with the app's address. */
export function linkIn(email: Email): string {
  const link = email.text.match(/http:\/\/127\.0\.0\.1:\d+\/\S+/)?.[0];
  expect(link, email.text).toBeTruthy();
  return link ?? '';
}
