import type { z } from 'zod';
import { CSRF_HEADER } from '../../domain/auth';
import { ErrorCode } from '../../domain/errors';
import { type CallKey, callMethod, callPath } from '../../domain/permissions';
import type { CALL_SCHEMAS } from '../../domain/schemas/calls';
import { ClientErrorCode } from '../i18n/error-messages';
import { apiRequest, HttpError, readCsrfCookie, readResponse } from '../sync/http';

type Entry<K extends CallKey> = (typeof CALL_SCHEMAS)[K];
type InputOf<K extends CallKey, P extends 'params' | 'query' | 'body'> =
  Entry<K> extends Record<P, infer S extends z.ZodType> ? z.input<S> : never;

/**
 * Why a call failed: one code to translate, and the field it belongs to when the server named one. `errors`
 * holds every field's codes, for forms that mark several rows at once (a pasted list of rooms).
 */
export type CallFailure = {
  code: string;
  field?: string;
  errors?: Readonly<Record<string, readonly string[]>>;
};

/** The outcome of an online call: the answer as the table's response schema parsed it, or one failure. */
export type CallResult<T> = { ok: true; value: T } | { ok: false; failure: CallFailure };

/** The parsed answer of a call. */
export type CallValue<K extends CallKey> = z.output<Entry<K>['response']>;

/** A file sent as the body itself (avatars, score imports), under its own content type. */
export type CallUpload = { file: Blob; contentType: string };

/**
 * What a call sends: its path params, query and JSON body as the table declares them, each required when
 * the call has it; an upload call (no JSON body in the table) sends a file.
 */
export type CallInput<K extends CallKey> = ([InputOf<K, 'params'>] extends [never]
  ? { params?: never }
  : { params: InputOf<K, 'params'> }) &
  ([InputOf<K, 'query'>] extends [never] ? { query?: never } : { query?: InputOf<K, 'query'> }) &
  ([InputOf<K, 'body'>] extends [never]
    ? { body?: never; upload?: CallUpload }
    : { body?: InputOf<K, 'body'> });

/** How a call's failures read beyond the server's codes. */
export type CallOptions = {
  /** Codes for answers that come without one (a proxy's 413, say), by status. */
  statusCodes?: Readonly<Record<number, string>>;
};

// Calls without params take their input as optional, so `callApi('GET /api/me')` needs no `{}`.
type CallArgs<K extends CallKey> = [InputOf<K, 'params'>] extends [never]
  ? [input?: CallInput<K>, options?: CallOptions]
  : [input: CallInput<K>, options?: CallOptions];

const METHODS = ['GET', 'POST', 'DELETE'] as const;

function methodOf(key: CallKey): (typeof METHODS)[number] {
  const method = METHODS.find((candidate) => candidate === callMethod(key));
  // Every key of the table starts with one of these; a new verb must be taught here first.
  if (!method) throw new Error(`unsupported method in call key ${key}`);
  return method;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The concrete URL of a call: its path with the params written in, and its query string. */
export function callUrl(key: CallKey, params: unknown, query: unknown): string {
  const values = isRecord(params) ? params : {};
  const path = callPath(key)
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? encodeURIComponent(String(values[segment.slice(1)])) : segment,
    )
    .join('/');
  if (!isRecord(query)) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // Lists travel as comma-separated text, the way the query schemas read them back.
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

// Uploads go as the raw file, not JSON, so they do not pass through `apiRequest`'s JSON encoding.
async function sendUpload(path: string, upload: CallUpload): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': upload.contentType, [CSRF_HEADER]: readCsrfCookie() ?? '' },
    body: upload.file,
  });
  return readResponse(response);
}

/** The failure a thrown error stands for: the first field's first code, else the call's code (SPEC §5). */
function failureOf(error: unknown, statusCodes: Readonly<Record<number, string>>): CallFailure {
  if (!(error instanceof HttpError)) return { code: ClientErrorCode.network };
  const byStatus = statusCodes[error.status];
  if (byStatus) return { code: byStatus };
  const errors = error.body?.errors ?? {};
  for (const [field, codes] of Object.entries(errors)) {
    const code = codes[0];
    if (code) return { code, field, errors };
  }
  return { code: error.code ?? ErrorCode.internal };
}

/**
 * Makes one online call of the call table: the path, method and answer schema come from its key, params,
 * query and body are typed by its entry. Offline it answers `offline_now` without trying; every failure
 * (network, server code, an answer the schema refuses) comes back as one `CallFailure`, never thrown.
 */
export async function callApi<K extends CallKey>(
  key: K,
  ...[input, options]: CallArgs<K>
): Promise<CallResult<CallValue<K>>> {
  if (!navigator.onLine) return { ok: false, failure: { code: ClientErrorCode.offlineNow } };
  // The whole call table is large; it loads beside the first call's request instead of before the first paint.
  const table = import('../../domain/schemas/calls');
  // Awaited only after the request; a failed load is reported there, not as an unhandled rejection.
  table.catch(() => undefined);
  const path = callUrl(key, input?.params, input?.query);
  try {
    const raw =
      input && 'upload' in input && input.upload
        ? await sendUpload(path, input.upload)
        : await apiRequest(methodOf(key), path, input?.body);
    const entry: { response: z.ZodType } = (await table).CALL_SCHEMAS[key];
    // The table's response schema is this key's own, so its output is the call's value.
    return { ok: true, value: entry.response.parse(raw) as CallValue<K> };
  } catch (error) {
    return { ok: false, failure: failureOf(error, options?.statusCodes ?? {}) };
  }
}
