import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../domain/auth';
import { ErrorCode } from '../../domain/errors';
import type { ApiError } from '../../domain/schemas/api-error';
import { setAppCookie } from './cookies';
import { CSP_REPORT_PATH } from './security-headers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSRF token this request's client holds after the response (existing cookie or a fresh one). */
    csrfToken: string;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Posts a browser makes by itself, without the page's header; they change no state. */
const EXEMPT_PATHS = new Set([CSP_REPORT_PATH]);

/**
 * A token bound to a session: a random nonce and its HMAC keyed by the session's cookie token, which only the
 * session's own browser holds (httpOnly). A cookie/header pair minted for another client, or before sign-in,
 * does not fit the session (OWASP's signed double submit). Without a session the token is the nonce alone.
 */
function mintToken(sessionToken: string | undefined): string {
  const nonce = randomBytes(24).toString('base64url');
  return sessionToken ? `${nonce}.${macOf(sessionToken, nonce)}` : nonce;
}

function macOf(sessionToken: string, nonce: string): string {
  return createHmac('sha256', sessionToken).update(nonce).digest('base64url');
}

/** Whether a token was minted for this session (or, without one, is a plain nonce). */
function fitsSession(token: string, sessionToken: string | undefined): boolean {
  const [nonce, mac, ...rest] = token.split('.');
  if (!nonce || rest.length > 0) return false;
  if (!sessionToken) return mac === undefined;
  return mac !== undefined && sameText(mac, macOf(sessionToken, nonce));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Sets a new CSRF token cookie for the session whose cookie token is given (none: signed out) and returns
 * it. Sign-in and sign-out call it, so the token turns over with the session.
 */
export function issueCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionToken: string | undefined,
): string {
  const token = mintToken(sessionToken);
  // Readable by the page's script (not httpOnly): the double submit needs the page to echo it in a header.
  setAppCookie(reply, reply.server.cookiePolicy.csrf, token, { httpOnly: false, sameSite: 'strict' });
  request.csrfToken = token;
  return token;
}

/**
 * Double-submit CSRF check bound to the session. Runs first on every request: a state-changing call whose
 * header does not equal the cookie, or whose token was not minted for the session it carries, is answered 400
 * `token_mismatch` with a fresh token, and nothing else runs. A safe request whose cookie does not fit gets a
 * fresh one, so a client asking `/api/csrf` always learns a token that will pass.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const policy = app.cookiePolicy;
    const cookie = request.cookies[policy.csrf];
    const sessionToken = request.cookies[policy.session];
    const header = request.headers[CSRF_HEADER];
    const fits = cookie !== undefined && fitsSession(cookie, sessionToken);
    const checked = UNSAFE_METHODS.has(request.method) && !EXEMPT_PATHS.has(request.url);
    if (checked && !(fits && typeof header === 'string' && sameText(header, cookie))) {
      const token = issueCsrfToken(request, reply, sessionToken);
      const body: ApiError = { message: 'Token mismatch', code: ErrorCode.tokenMismatch, token };
      return reply.code(400).send(body);
    }
    if (fits) request.csrfToken = cookie;
    else issueCsrfToken(request, reply, sessionToken);
  });
}
