import { useEffect } from 'react';

// Unsaved input outside a dialog: a page's form (game day's score fields) that holds something typed and
// not saved. A dialog's form asks through Modal's `isDirty`; a page's form registers here, and the shell
// asks the forms' own question (components/DiscardChangesDialog.tsx) before anything leaves the page:
// another tab, another team, Logout, a notification's link. Closing or reloading the page gets the
// browser's question (beforeunload; browsers let no page word it), for a dialog's unsaved input too.
// docs/decisions/050 'Game day'.

const dirty = new Set<symbol>();
/** Dialogs holding unsaved input: they ask their own question on close; the page asks on unload. */
const dirtyDialogs = new Set<symbol>();

/** Asks before `leave` runs; set by the shell, which shows the question. */
type Asker = (leave: () => void, toHash: string | undefined) => void;
let asker: Asker | null = null;

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

function changed() {
  // Listened to only while something is unsaved, so every other page unloads (and is cached) freely.
  if (dirty.size + dirtyDialogs.size > 0) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
}

function useHeldWhile(isDirty: boolean, held: Set<symbol>): void {
  useEffect(() => {
    if (!isDirty) return;
    const id = Symbol('unsaved');
    held.add(id);
    changed();
    return () => {
      held.delete(id);
      changed();
    };
  }, [isDirty, held]);
}

/** A form on a page says whether it holds unsaved input; it holds none once it goes away. */
export function useUnsavedChanges(isDirty: boolean): void {
  useHeldWhile(isDirty, dirty);
}

/**
 * A dialog says whether its form holds unsaved input: only the browser's question on reloading or
 * closing the page. Nothing else leaves the page while a modal dialog is open (the page behind it is
 * inert, and Back closes the dialog, which asks its own question).
 */
export function useUnsavedDialog(isDirty: boolean): void {
  useHeldWhile(isDirty, dirtyDialogs);
}

export function hasUnsavedChanges(): boolean {
  return dirty.size > 0;
}

/** The shell's question; null when it goes. */
export function setLeaveAsker(ask: Asker | null): void {
  asker = ask;
}

/**
 * Leaves the page (`toHash`: for the tab it goes to; a tab's own address is not leaving it): at once
 * when nothing is unsaved, else after the user chose Discard.
 */
export function leaveThen(leave: () => void, toHash?: string): void {
  if (dirty.size > 0 && asker) asker(leave, toHash);
  else leave();
}
