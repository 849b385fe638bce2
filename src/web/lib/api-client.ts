import type { z } from 'zod';
import { API_BASE } from './api-paths.ts';
import { getToken } from './auth-token.ts';
import { takeEarlyRead } from './early-reads.ts';
import { reportNetworkFailure, reportNetworkSuccess, reportOfflineCopy } from './network-status.ts';
import { OFFLINE_COPY_HEADER } from './offline-copies.ts';

// Thin fetch wrapper for the server's JSON API under /api. Every error answer of the server is JSON
// `{detail}`; it becomes an ApiError carrying the status and that detail.

export { API_BASE };
export const NETWORK_ERROR_MESSAGE = 'Network error - check connection';
/**
 * A write with no answer by then fails with the network message, so a save on a dropped connection
 * never shows 'Saving...' for ever. Reads have no limit: they may wait for the connection.
 */
export const WRITE_TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  /** The whole JSON answer, for an error that carries more than its detail (the roster import's rows). */
  readonly body: unknown;

  constructor(status: number, detail: string, body?: unknown) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }

  /** True when the request never reached the server. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /**
   * The bearer token: by default the stored one. A string uses that token (a sign-in flow that
   * has not stored its token yet); null sends none.
   */
  token?: string | null;
  /**
   * Checks the answer's shape, in development and tests only: a mocked answer the real server would
   * never send fails its test. Callers pass `schema: import.meta.env.DEV ? x : undefined`, so the built
   * app leaves the schema out and a phone never builds it; the server writes each answer from the same
   * schema and its tests check every one (docs/decisions/053).
   */
  schema?: z.ZodType<T> | undefined;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key` that makes a retried write count once. */
  headers?: Record<string, string>;
}

function fallbackDetail(response: Response): string {
  if (response.status === 401) return 'Token expired or invalid';
  if (response.status >= 500) return `Server error: ${response.status}`;
  return response.statusText || `Server error: ${response.status}`;
}

async function readError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON: fall back on the status.
  }
  if (body && typeof body === 'object' && 'detail' in body) {
    const { detail } = body;
    if (typeof detail === 'string' && detail) return new ApiError(response.status, detail, body);
    // A list of validation issues: show the first message.
    if (Array.isArray(detail)) {
      const first: unknown = detail[0];
      if (first && typeof first === 'object' && 'msg' in first && typeof first.msg === 'string')
        return new ApiError(response.status, first.msg, body);
    }
  }
  return new ApiError(response.status, fallbackDetail(response), body);
}

interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Lets the browser run its own tasks before a read starts: a screen's first render starts a dozen
 * reads at once, and each `fetch` costs the main thread about a millisecond (four on a slow phone), so
 * together they made one long task that held back the first taps. Where the browser has no
 * `scheduler.yield` the read starts at once, as before.
 */
function yieldToBrowser(): Promise<void> | undefined {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  return scheduler?.yield?.();
}

/** A signal that aborts with the caller's signal or after `ms`; `clear` stops the timer. */
function withTimeout(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const follow = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.form) {
    body = new URLSearchParams(options.form);
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  }

  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const deadline = method === 'GET' ? null : withTimeout(options.signal, WRITE_TIMEOUT_MS);
  // A read the page itself started before the app's files arrived (lib/early-reads.ts) is taken once.
  const early = method === 'GET' && !options.headers ? takeEarlyRead(path, token) : undefined;
  const browserTurn = method === 'GET' && !early ? yieldToBrowser() : undefined;
  if (browserTurn) {
    await browserTurn;
    // A sign-out or sign-in may have run meanwhile: the read goes out as whoever is signed in now, never
    // with the token of someone who has left (the worker would keep their answer on a shared phone).
    if (options.token === undefined) {
      const current = getToken();
      if (current) headers.set('Authorization', `Bearer ${current}`);
      else headers.delete('Authorization');
    }
  }
  let response: Response;
  try {
    response =
      (early && (await early)) ??
      (await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body,
        signal: deadline ? deadline.signal : options.signal,
      }));
  } catch (error) {
    // The caller's own abort is not a network failure; the write deadline is.
    if (options.signal?.aborted) throw error;
    reportNetworkFailure();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  } finally {
    deadline?.clear();
  }
  // The service worker's copy of a read, given back because the network failed (docs/decisions/047).
  const storedAt = response.headers.get(OFFLINE_COPY_HEADER);
  if (storedAt) reportOfflineCopy(storedAt);
  else reportNetworkSuccess();

  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(response.status, 'An error occurred');
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error);
    throw new ApiError(response.status, 'An error occurred');
  }
  return parsed.data;
}

/** The message to show for a failed call: the server's detail, or the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}
