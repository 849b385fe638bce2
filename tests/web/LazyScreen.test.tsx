// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen, SCREEN_LOAD_FAILED } from '../../src/web/components/LazyScreen.tsx';

// A screen whose code cannot be fetched shows Retry. Only a Retry that fails while online reloads the
// page (the file may be gone after a release): showing the screen again, or React rendering it anew,
// must never reload by itself, or a missing file reloads the page in a loop.

beforeEach(() => {
  // React reports each caught load failure on the console; the boundary is what is under test.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Hello() {
  return <h1>Hello</h1>;
}

const failure = () => screen.findByRole('alert');

describe('lazyScreen', () => {
  it('shows the failure again when opened again, without reloading; a failed Retry online reloads', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new Error('404')));
    const Screen = lazyScreen<object>(load);

    const first = render(<Screen />);
    expect((await failure()).textContent).toContain(SCREEN_LOAD_FAILED);
    first.unmount();
    // Opened again: a new attempt, which fails too; the page stays.
    render(<Screen />);
    expect((await failure()).textContent).toContain(SCREEN_LOAD_FAILED);
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('gives Retry back when the page stays after the reload was asked (Stay on leaving)', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const Screen = lazyScreen<object>(() => Promise.reject(new Error('404')));
    render(<Screen />);
    await failure();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain(
      SCREEN_LOAD_FAILED,
    );
  });

  it('retries in place when Retry succeeds', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    let fails = true;
    const Screen = lazyScreen<object>(() =>
      fails ? Promise.reject(new Error('offline')) : Promise.resolve(Hello),
    );
    render(<Screen />);
    await failure();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offline, a failed Retry says so again instead of reloading', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const Screen = lazyScreen<object>(() => Promise.reject(new Error('offline')));
    render(<Screen />);
    await failure();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(SCREEN_LOAD_FAILED));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('alert').textContent).toContain(SCREEN_LOAD_FAILED);
    expect(reload).not.toHaveBeenCalled();
  });
});
