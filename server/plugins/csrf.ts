import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../domain/auth';
import { type ApiError, ErrorCode } from '../../domain/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSRF token this request's client holds after the response (existing cookie or a fresh one). */
    csrfToken: string;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sets a new CSRF token cookie and returns it; login calls it to rotate the token. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const token = randomBytes(32).toString('base64url');
  // Readable by the page's script (not httpOnly): the double submit needs the page to echo it in a header.
  reply.setCookie(CSRF_COOKIE, token, {
    httpOnly: false,
    sameSite: 'strict',
    path: '/',
    secure: request.protocol === 'https',
  });
  request.csrfToken = token;
  return token;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit CSRF check. Runs first on every request: a state-changing call whose header does not equal
 * the cookie is answered 400 `token_mismatch` with a fresh token, and nothing else runs.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    const unsafe = UNSAFE_METHODS.has(request.method);
    if (unsafe && !(cookie && typeof header === 'string' && sameToken(header, cookie))) {
      const token = issueCsrfToken(request, reply);
      const body: ApiError = { message: 'Token mismatch', code: ErrorCode.tokenMismatch, token };
      return reply.code(400).send(body);
    }
    if (cookie) request.csrfToken = cookie;
    else issueCsrfToken(request, reply);
  });
}
