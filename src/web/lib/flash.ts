// A message shown once on the next screen, across a sign-in (e.g. 'Request submitted successfully!').
// Kept in session storage so the screen that shows it need not know the one that set it.

const KEY = 'flashMessage';

export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage blocked: the message is simply not carried over.
  }
}

/** The message, once: reading it removes it. */
export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}
