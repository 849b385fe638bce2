import { useTopLayer } from '../lib/modal-history.ts';
import { dismissToast, useToast } from '../lib/toasts.ts';

interface ToastRegionProps {
  /** The dialog this region sits in, or null for the page's. Only the region on top shows the toast. */
  layer: string | null;
}

/**
 * Where toasts appear: fixed at the bottom of the viewport. A modal dialog makes the page behind it
 * inert (and hidden from screen readers), so each dialog has a region and the one on top shows it.
 * The region is a live region from the start, so a toast appearing in it is announced; the toast
 * itself is a status (success) or an alert (a warning or an error).
 */
export function ToastRegion({ layer }: ToastRegionProps) {
  const toast = useToast();
  const shown = useTopLayer() === layer ? toast : null;
  const mark = shown?.tone === 'success' ? '✓' : '!';
  // A message that carries its own mark (the spec's '✓ RSVP submitted for ...') shows it once.
  const ownMark = shown?.text.trimStart().startsWith(mark) ?? false;
  return (
    <div className="toast-region" aria-live="polite">
      {shown && (
        <div
          key={shown.id}
          className={`toast toast--${shown.tone}`}
          role={shown.tone === 'success' ? 'status' : 'alert'}
        >
          {!ownMark && (
            <span className="toast__icon" aria-hidden="true">
              {mark}
            </span>
          )}
          <span className="toast__text">{shown.text}</span>
          <button type="button" className="icon-button toast__close" onClick={dismissToast}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Dismiss</span>
          </button>
        </div>
      )}
    </div>
  );
}
