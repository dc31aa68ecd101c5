import { ErrorCode } from '../domain/errors';
import type { ApiError } from '../domain/schemas/api-error';

/** An error a route or hook throws to answer with a status and the one error shape of ARCHITECTURE §4. */
export class HttpError extends Error {
  override name = 'HttpError';
  /** Sent as `Retry-After` when set (429). */
  retryAfterSeconds: number | undefined;

  constructor(
    readonly statusCode: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

/** 401: no valid session. */
export function unauthenticated(): HttpError {
  return new HttpError(401, { message: 'Unauthenticated', code: ErrorCode.unauthenticated });
}

/** 403: signed in, but the role may not make this call. */
export function forbidden(): HttpError {
  return new HttpError(403, { message: 'Forbidden', code: ErrorCode.forbidden });
}

/** 404 in the error shape. */
export function notFound(): HttpError {
  return new HttpError(404, { message: 'Not Found', code: ErrorCode.notFound });
}

/** 415: a body of a content type the call does not take (a file sent to a JSON call). */
export function unsupportedMediaType(): HttpError {
  return new HttpError(415, { message: 'Unsupported Media Type', code: ErrorCode.unsupportedMediaType });
}

/** 422 with per-field codes. */
export function validationFailed(errors: Record<string, string[]>): HttpError {
  return new HttpError(422, { message: 'Validation failed', code: ErrorCode.validation, errors });
}
