import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { PRE_VERIFICATION_CALLS } from '../../domain/auth';
import { ErrorCode } from '../../domain/errors';
import { type CallKey, canCall } from '../../domain/permissions';
import type { AppConfig } from '../config';
import { type BatchLanes, createBatchLane } from '../db/batch-lane';
import type { Database } from '../db/client';
import { forbidden, HttpError, unauthenticated } from '../http-error';
import { clearAppCookie, setAppCookie } from './cookies';
import {
  DEFAULT_SESSION_LIFETIME_MS,
  findSessions,
  SESSION_IDLE_MS,
  type SessionAsk,
  type SessionLookup,
  type SessionUser,
} from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`; null before it ran or without a session. */
    user: SessionUser | null;
    /** The session's database id (sha256 of the cookie token). */
    sessionId: string | null;
    /** The session's sign-in state, set by `requireUser`. */
    sessionState: { otpVerified: boolean; trustedDevice: boolean } | null;
  }
  interface FastifyInstance {
    /** onRequest hook: loads the session from the cookie or answers 401. */
    requireUser: onRequestHookHandler;
    /** onRequest hook (after `requireUser`): answers 403 unless the user's role may make `call`. */
    requireRole(call: CallKey): onRequestHookHandler;
  }
}

/** Sets (or refreshes) the session cookie, as the cookie policy says (Secure and `__Host-` over https). */
export function setSessionCookie(reply: FastifyReply, token: string): void {
  setAppCookie(reply, reply.server.cookiePolicy.session, token, {
    httpOnly: true,
    sameSite: 'lax',
    maxAgeSeconds: Math.floor(SESSION_IDLE_MS / 1000),
  });
}

/** Removes the session cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  clearAppCookie(reply, reply.server.cookiePolicy.session, { httpOnly: true, sameSite: 'lax' });
}

/** The session cookie's token a request carries, if any. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return request.cookies[request.server.cookiePolicy.session];
}

/** Most session lookups one statement answers: the requests that arrived while the last batch ran. */
const MAX_LOOKUPS_A_BATCH = 200;

/** The signed-in user of a route guarded by `requireUser`; throws 401 if a route forgot the guard. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

function gate(code: string): HttpError {
  return new HttpError(403, { message: code, code });
}

/** 401 for a session whose account was blocked or removed since: the device forgets the user's data. */
function accountClosed(): HttpError {
  return new HttpError(401, { message: 'Unauthenticated', code: ErrorCode.accountClosed });
}

/** Whether a request is one of the API's calls (`/api/...`), whose answers are never stored. */
function isApiCall(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Decorates requests with `user` and the instance with the `requireUser` and `requireRole` hooks. */
export function registerSession(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date; lanes: BatchLanes; config: Pick<AppConfig, 'sessionLifetimeMs'> },
): void {
  const lifetimeMs = deps.config.sessionLifetimeMs ?? DEFAULT_SESSION_LIFETIME_MS;
  // A shared computer's browser cache, or a proxy's, must keep nothing of a user's answers after sign-out:
  // every API answer says `no-store`, set before any guard runs so a 401 or 403 says it too. Answers made
  // without a session say it as well: nothing under /api is worth caching, and one rule has no gaps.
  app.addHook('onRequest', async (request, reply) => {
    if (isApiCall(request.url)) reply.header('cache-control', 'no-store');
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionState', null);

  // Every signed-in call looks its session up first: under load the lookups that meet are one statement
  // (issue #23), alone otherwise.
  const lookups = deps.lanes.laneOf(findSessions, () =>
    createBatchLane(
      async (asks: readonly SessionAsk[]) =>
        (await findSessions(deps.db, asks, lifetimeMs)).map((value) => ({ ok: true as const, value })),
      { inFlight: deps.lanes.inFlight, maxWeight: MAX_LOOKUPS_A_BATCH },
    ),
  );
  const sessionOf = (request: FastifyRequest): Promise<SessionLookup> => {
    const token = sessionTokenOf(request);
    if (!token || token.length > 128) return Promise.resolve(null);
    return lookups.submit({ token, now: deps.now() });
  };

  const requireUser: onRequestHookHandler = async (request, reply) => {
    const session = await sessionOf(request);
    if (session === 'closed') throw accountClosed();
    if (!session) throw unauthenticated();
    request.user = session.user;
    request.sessionId = session.id;
    request.sessionState = { otpVerified: session.otpVerified, trustedDevice: session.trustedDevice };
    const token = sessionTokenOf(request);
    if (session.extended && token) setSessionCookie(reply, token);
  };

  // Role access depends only on the call, never on the body, so it is refused before the body is even
  // parsed: a caller without the role learns nothing about the call's schema.
  const requireRole =
    (call: CallKey): onRequestHookHandler =>
    async (request) => {
      const user = signedInUser(request);
      if (!canCall(user.role, call)) throw forbidden();
      // SPEC §2 puts the forced change and the two-step code before everything; the server holds the same
      // line, so a session from the password step alone reaches no school data.
      if (PRE_VERIFICATION_CALLS.includes(call)) return;
      if (user.mustChangePassword) throw gate(ErrorCode.passwordChangeRequired);
      if (!request.sessionState?.otpVerified) throw gate(ErrorCode.otpRequired);
    };

  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', requireRole);
}
