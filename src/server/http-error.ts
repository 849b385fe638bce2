// Errors a handler throws to answer with a status and a `detail` the user can read.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    detail: string,
    /** Seconds to wait before trying again (429), sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail: string) => new HttpError(401, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooMany = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, Math.max(1, Math.ceil(retryAfterSeconds)));
