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

/**
 * The message, left in place: a screen reads it while rendering and removes it (clearFlash) once it is
 * on the page. Removed while rendering, it was lost whenever React threw that render away and rendered
 * again (a lazy part or a transition still loading on a busy machine): the page then showed no message.
 */
export function peekFlash(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Removes the message, so it is shown once. */
export function clearFlash(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: there is nothing to remove.
  }
}
