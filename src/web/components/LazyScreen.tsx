import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// Screens whose code the first page does not need arrive in their own files, fetched when first
// shown (React.lazy). While one loads, a status says so; when the fetch fails (offline, a dropped
// connection) a message with Retry takes its place instead of a blank page.

export const SCREEN_LOAD_FAILED = 'This screen could not be loaded. Check your connection and try again.';

/** How long a page that was asked to reload may take to go before its Retry comes back. */
const RELOAD_GRACE_MS = 3_000;

/** A page fills the main area; an overlay (a dialog's code) floats above the page it opens on. */
export type ScreenPlacement = 'page' | 'overlay';

/** The fetch of a screen's code failed; other errors are not this boundary's business. */
class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(SCREEN_LOAD_FAILED, { cause });
    this.name = 'ScreenLoadError';
  }
}

function placementClass(base: string, placement: ScreenPlacement): string {
  return placement === 'overlay' ? `${base} ${base}--overlay` : base;
}

export function ScreenLoading({ placement = 'page' }: { placement?: ScreenPlacement }) {
  return (
    <div className={placementClass('screen-loading', placement)} role="status">
      <span className="spinner" aria-hidden="true" />
      Loading...
    </div>
  );
}

interface BoundaryProps {
  placement: ScreenPlacement;
  /** Offered beside Retry when the screen is a dialog that can be closed. */
  onClose?: () => void;
  /** Replaces a failed lazy component with a new attempt (a no-op otherwise); Retry says it asked. */
  renewIfFailed: (askedByRetry: boolean) => void;
  /** Called at each render, so that a retry renders the new attempt. */
  renderScreen: () => ReactNode;
}

class ScreenLoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  constructor(props: BoundaryProps) {
    super(props);
    // Opened again after a failure: try afresh rather than show the old failure.
    props.renewIfFailed(false);
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private readonly retry = () => {
    this.props.renewIfFailed(true);
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.renderScreen();
    // A fault in the screen itself goes on to the next boundary up.
    if (!(error instanceof ScreenLoadError)) throw error;
    const { placement, onClose } = this.props;
    return (
      <div className={placementClass('screen-load-error', placement)} role="alert">
        <p>{SCREEN_LOAD_FAILED}</p>
        <div className="form__actions">
          {onClose && (
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
          )}
          <button type="button" className="button button--primary" onClick={this.retry}>
            Retry
          </button>
        </div>
      </div>
    );
  }
}

/**
 * A component whose code is fetched the first time it renders. React.lazy keeps a failed fetch
 * forever, so Retry (or opening the screen again) puts a new lazy component in its place. Not at the
 * failure itself: React renders once more after an error, and that must not start a second fetch.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placement: ScreenPlacement = 'page',
) {
  let failed = false;
  const attempt = (askedByRetry: boolean) =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        // A Retry the user asked for fails while online: the file may be gone (a new release renamed
        // it) or the browser may remember the failed import() for the life of the page. Reloading
        // fetches the current page and its files; the address keeps the tab. Only a tap does this: a
        // new attempt because the screen was shown again (or React threw away an unfinished render
        // and built the screen anew) shows the failure, or a file that stays missing would reload the
        // page in a loop.
        if (askedByRetry && navigator.onLine) {
          window.location.reload();
          // A page that stays (the user answered the browser's 'Leave site?' with Stay, for input
          // not saved elsewhere on it) gets its Retry back rather than 'Loading...' for good.
          return new Promise<never>((_, reject) =>
            setTimeout(() => {
              failed = true;
              reject(new ScreenLoadError(error));
            }, RELOAD_GRACE_MS),
          );
        }
        failed = true;
        throw new ScreenLoadError(error);
      }
    });
  let Screen = attempt(false);
  const renewIfFailed = (askedByRetry: boolean) => {
    if (!failed) return;
    failed = false;
    Screen = attempt(askedByRetry);
  };

  function LazyScreen(props: P) {
    const onClose = 'onClose' in props && typeof props.onClose === 'function' ? props.onClose : undefined;
    return (
      <ScreenLoadBoundary
        placement={placement}
        onClose={onClose as (() => void) | undefined}
        renewIfFailed={renewIfFailed}
        renderScreen={() => (
          <Suspense fallback={<ScreenLoading placement={placement} />}>
            <Screen {...props} />
          </Suspense>
        )}
      />
    );
  }
  /**
   * Starts fetching the code now, before the screen renders (the browser fetches a module once, so the
   * render finds it loaded or loading). A failure is left to the render, which shows Retry.
   */
  LazyScreen.preload = () => {
    load().catch(() => undefined);
  };
  return LazyScreen;
}
