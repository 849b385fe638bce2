import { useSyncExternalStore } from 'react';

// The open modal dialogs, topmost last. Each one owns a browser history entry, so the Back button
// closes the dialog on top instead of leaving the tab (a phone user's reflex). Closing a dialog any
// other way takes its entry back out, so history keeps no dead entries. When the app replaced the
// address while a dialog was open (logout, an invite link's parameters removed), that address is put
// back on the entry we return to: history ends up as if the dialog had never pushed anything.

interface Layer {
  id: string;
  onBack: () => void;
}

interface Entry {
  id: string;
  /** history.length right after the push: larger later means the app pushed entries of its own. */
  length: number;
  /** The address it was pushed with: another one later means the app replaced it. */
  url: string;
}

/** The key in history.state naming the layer whose entry it is. */
export const LAYER_MARKER = 'modalLayer';
const MARKER = LAYER_MARKER;
const layers: Layer[] = [];
/** The entries our dialogs pushed that are still in the history, in order. */
const entries: Entry[] = [];
/** Popstates our own history.go causes, with the address to restore after each (null: none). */
const ownPops: (Replacement | null)[] = [];
let pendingBack = 0;
let pendingReplacement: Replacement | null = null;
const listeners = new Set<() => void>();

interface Replacement {
  url: string;
  state: unknown;
}

const notify = () => listeners.forEach((listener) => listener());

function withoutMarker(state: unknown): unknown {
  if (!state || typeof state !== 'object' || !(MARKER in state)) return state;
  const rest: Record<string, unknown> = { ...(state as Record<string, unknown>) };
  delete rest[MARKER];
  return Object.keys(rest).length > 0 ? rest : null;
}

function onPopState() {
  if (ownPops.length > 0) {
    const replacement = ownPops.shift();
    if (replacement && replacement.url !== window.location.href) {
      const hashBefore = window.location.hash;
      window.history.replaceState(replacement.state, '', replacement.url);
      if (window.location.hash !== hashBefore) window.dispatchEvent(new HashChangeEvent('hashchange'));
    }
    return;
  }
  const top = layers[layers.length - 1];
  if (!top || entries[entries.length - 1]?.id !== top.id) return;
  entries.pop();
  top.onBack();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);

function pushEntry(id: string) {
  const state: unknown = window.history.state;
  const base = state && typeof state === 'object' ? state : {};
  window.history.pushState({ ...base, [MARKER]: id }, '');
  entries.push({ id, length: window.history.length, url: window.location.href });
}

/** Leaves the entries of closed dialogs in one step, after the closes of one interaction are known. */
function scheduleBack(count: number, replacement: Replacement | null) {
  if (pendingBack === 0) {
    queueMicrotask(() => {
      const steps = pendingBack;
      ownPops.push(pendingReplacement);
      pendingBack = 0;
      pendingReplacement = null;
      window.history.go(-steps);
    });
  }
  pendingBack += count;
  pendingReplacement ??= replacement;
}

/** A dialog opened; `onBack` runs when Back is pressed while it is on top. */
export function openLayer(id: string, onBack: () => void): void {
  layers.push({ id, onBack });
  pushEntry(id);
  notify();
}

export function closeLayer(id: string): void {
  const index = layers.findIndex((layer) => layer.id === id);
  if (index < 0) return;
  layers.splice(index, 1);
  const entry = entries.findIndex((e) => e.id === id);
  if (entry >= 0) {
    const top = entries[entries.length - 1];
    const removed = entries.splice(entry).length;
    const state: unknown = window.history.state;
    const marked =
      !!state && typeof state === 'object' && (state as Record<string, unknown>)[MARKER] === top?.id;
    // The current entry is ours: it carries our marker, or the app replaced its address (and with it
    // the state) without pushing. A marked entry is ours even when history grew since it was pushed:
    // a dialog opened over it (Account Settings over the phone's drawer) left its own entry ahead when
    // it closed, and that is not the app's.
    if (top && (marked || window.history.length === top.length)) {
      // If the app replaced its address meanwhile, keep that address.
      const moved = !marked || window.location.href !== top.url;
      scheduleBack(removed, moved ? { url: window.location.href, state: withoutMarker(state) } : null);
    }
    // Otherwise the app pushed entries of its own after ours: going back would undo them.
  }
  notify();
}

/** Back was pressed but the dialog stays open (the user keeps editing): it gets its entry again. */
export function restoreEntry(id: string): void {
  if (!entries.some((e) => e.id === id)) pushEntry(id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The id of the dialog on top, or null when none is open. */
export function useTopLayer(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => layers[layers.length - 1]?.id ?? null,
    () => null,
  );
}

/** How long to wait for a closing dialog's Back before going on anyway (none comes if it had no entry). */
const BACK_WAIT_MS = 400;

/**
 * Closes a dialog, then goes on once its Back has landed: going at once (a new address, another dialog)
 * would be undone by that Back, or leave a dead entry. The place gone to is then a new entry after the
 * page the dialog was opened on (Back from there returns here).
 */
export function closeThenGo(close: () => void, go: () => void): void {
  let done = false;
  const next = () => {
    if (done) return;
    done = true;
    window.removeEventListener('popstate', next);
    go();
  };
  window.addEventListener('popstate', next);
  window.setTimeout(next, BACK_WAIT_MS);
  close();
}
