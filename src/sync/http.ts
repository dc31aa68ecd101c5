import { CSRF_COOKIE, CSRF_HEADER, secureCookieName } from '../../domain/auth';
import { ErrorCode } from '../../domain/errors';
import type { ApiError } from '../../domain/schemas/api-error';

/**
 * A call the server answered with an error status; `body` is the parsed error shape when it had one, and
 * `retryAfterMs` the wait its `Retry-After` asked for (a 503 while it sheds load, a 429).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
    readonly retryAfterMs?: number,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }

  /** The server's error code, when it sent one. */
  get code(): string | undefined {
    return this.body?.code;
  }
}

/** The fetch function handlers take, so tests can pass a fake. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Reads the JSON body of an answer, or undefined when it has none or it is not JSON. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The error shape's schema, with zod: loaded when an answer is read as an error or a CSRF token, never before
 * the sign-in page paints.
 */
async function loadApiErrorSchema() {
  return (await import('../../domain/schemas/api-error')).apiErrorSchema;
}

// A server asking for more than this is taken as asking for this: a wait of hours would look like a hang.
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * The wait a `Retry-After` header asks for, in ms: seconds or an HTTP date (RFC 9110 §10.2.3); undefined
 * when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** Throws an HttpError for a non-2xx answer; returns the parsed JSON body otherwise. */
export async function readResponse(response: Response): Promise<unknown> {
  const body = await readJson(response);
  if (response.ok) return body;
  const parsed = (await loadApiErrorSchema()).safeParse(body);
  throw new HttpError(
    response.status,
    parsed.success ? parsed.data : undefined,
    retryAfterMs(response.headers.get('retry-after')),
  );
}

const CSRF_COOKIE_NAMES = new Set([CSRF_COOKIE, secureCookieName(CSRF_COOKIE)]);

/** The CSRF token cookie of the double submit (`__Host-` prefixed over https); only a window can read it. */
export function readCsrfCookie(cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== undefined && CSRF_COOKIE_NAMES.has(name)) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

async function fetchCsrfToken(fetchImpl: FetchLike): Promise<string> {
  const body = await readResponse(await fetchImpl('/api/csrf', { credentials: 'same-origin' }));
  const parsed = (await loadApiErrorSchema()).pick({ token: true }).required().safeParse(body);
  if (!parsed.success) throw new HttpError(500, undefined);
  return parsed.data.token;
}

/** Told when a window call starts and when it settles; the shell's loading counter listens. */
export type ApiActivityListener = (event: { phase: 'start' | 'end'; path: string }) => void;

const activityListeners = new Set<ApiActivityListener>();

/** Listens to the start and end of every `apiRequest`; returns the function that stops listening. */
export function onApiActivity(listener: ApiActivityListener): () => void {
  activityListeners.add(listener);
  return () => activityListeners.delete(listener);
}

function reportActivity(phase: 'start' | 'end', path: string): void {
  for (const listener of activityListeners) listener({ phase, path });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One JSON call to the API from the window. State-changing calls carry the CSRF token; a `token_mismatch`
 * answer refreshes the token and retries once. Activity listeners see it start and settle.
 */
export async function apiRequest(
  method: Method,
  path: string,
  body?: unknown,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<unknown> {
  reportActivity('start', path);
  try {
    return await sendApiRequest(method, path, body, fetchImpl);
  } finally {
    reportActivity('end', path);
  }
}

async function sendApiRequest(
  method: Method,
  path: string,
  body: unknown,
  fetchImpl: FetchLike,
): Promise<unknown> {
  const send = (token: string | undefined) =>
    fetchImpl(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { [CSRF_HEADER]: token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  if (!UNSAFE_METHODS.has(method)) return readResponse(await send(undefined));

  const token = readCsrfCookie() ?? (await fetchCsrfToken(fetchImpl));
  try {
    return await readResponse(await send(token));
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== ErrorCode.tokenMismatch) throw error;
    const fresh = error.body?.token ?? readCsrfCookie() ?? (await fetchCsrfToken(fetchImpl));
    return readResponse(await send(fresh));
  }
}
