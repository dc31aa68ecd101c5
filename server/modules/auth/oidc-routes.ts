import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secureCookieName } from '../../../domain/auth';
import {
  PROVIDER_DONE_PARAM,
  PROVIDER_DONE_VALUE,
  PROVIDER_ERROR_PARAM,
  ProviderRefusal,
  returnPathOf,
} from '../../../domain/provider-sign-in';
import { appPublicUrl } from '../../config';
import type { AppDeps } from '../../deps';
import { registerCall } from '../../plugins/call-route';
import { clearAppCookie, setAppCookie } from '../../plugins/cookies';
import { issueCsrfToken } from '../../plugins/csrf';
import { sessionTokenOf, setSessionCookie, signedInUser } from '../../plugins/session';
import { sessionIdOf } from '../../plugins/session-store';
import {
  createOidcClient,
  finishProviderSignIn,
  PROVIDER_ATTEMPT_TTL_MS,
  ProviderRefusalError,
  startProviderSignIn,
} from './oidc';
import { signInMethodsOf } from './sign-in-methods';

/** The sign-in screen, where every round trip ends: signed in, or with the reason it was refused. */
const SIGN_IN_SCREEN = '/admin/login';

/** The cookie binding a round trip to the browser that started it (its token names the kept secrets). */
const ATTEMPT_COOKIE = 'provider_attempt';

function attemptCookieName(reply: FastifyReply | FastifyRequest): string {
  return reply.server.cookiePolicy.secure ? secureCookieName(ATTEMPT_COOKIE) : ATTEMPT_COOKIE;
}

function backToSignIn(reply: FastifyReply, refusal: ProviderRefusal): FastifyReply {
  return reply.redirect(`${SIGN_IN_SCREEN}?${PROVIDER_ERROR_PARAM}=${refusal}`, 303);
}

/**
 * Sign-in with the school's identity provider (OpenID Connect, issue 44): the button's settings, the start of
 * the round trip and its end. Both ends are full-page navigations (a phone's PWA follows them like any link),
 * each answered with a redirect; a refusal lands on the sign-in screen with its code. And the admins' view of
 * how each account signs in.
 */
export const oidcRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const publicUrl = appPublicUrl(deps.config);
  const oidc = deps.config.oidc ? createOidcClient(deps.config.oidc, publicUrl) : null;

  registerCall(app, 'GET /api/auth/provider', async () =>
    oidc ? { enabled: true as const, labels: oidc.settings.labels } : { enabled: false as const },
  );

  registerCall(app, 'GET /api/auth/provider/start', async (request, reply) => {
    if (!oidc) return backToSignIn(reply, ProviderRefusal.notConfigured);
    try {
      // The page first asked for waits on the server with the attempt; only a path of the app is kept.
      const returnPath = returnPathOf(request.query.redirect);
      const { attemptToken, redirectTo } = await startProviderSignIn(deps, oidc, returnPath);
      setAppCookie(reply, attemptCookieName(reply), attemptToken, {
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level navigation from its site, which Lax lets through.
        sameSite: 'lax',
        maxAgeSeconds: PROVIDER_ATTEMPT_TTL_MS / 1000,
      });
      return reply.redirect(redirectTo, 303);
    } catch (error) {
      if (!(error instanceof ProviderRefusalError)) throw error;
      request.log.warn({ err: error.detail }, `provider sign-in refused at start: ${error.code}`);
      return backToSignIn(reply, error.code);
    }
  });

  registerCall(app, 'GET /api/auth/provider/callback', async (request, reply) => {
    if (!oidc) return backToSignIn(reply, ProviderRefusal.notConfigured);
    const cookieName = attemptCookieName(reply);
    const attemptToken = request.cookies[cookieName];
    clearAppCookie(reply, cookieName, { httpOnly: true, sameSite: 'lax' });
    const previousToken = sessionTokenOf(request);
    try {
      // The address the provider sent the browser back to, as registered there (never the request's Host).
      const callbackUrl = new URL(request.url, publicUrl);
      const { token, returnPath } = await finishProviderSignIn(deps, oidc, {
        callbackUrl,
        attemptToken,
        address: request.ip,
        userAgent: request.headers['user-agent'],
        previousSessionId: previousToken ? sessionIdOf(previousToken) : null,
        sessionLifetimeMs: deps.config.sessionLifetimeMs,
      });
      setSessionCookie(reply, token);
      issueCsrfToken(request, reply, token);
      const done = new URLSearchParams({ [PROVIDER_DONE_PARAM]: PROVIDER_DONE_VALUE });
      // Checked again on the way out: only a path of the app goes back into the sign-in screen's `redirect`.
      const back = returnPathOf(returnPath);
      if (back) done.set('redirect', back);
      return reply.redirect(`${SIGN_IN_SCREEN}?${done}`, 303);
    } catch (error) {
      if (!(error instanceof ProviderRefusalError)) throw error;
      request.log.warn({ err: error.detail }, `provider sign-in refused: ${error.code}`);
      return backToSignIn(reply, error.code);
    }
  });

  registerCall(app, 'GET /api/users/:userId/sign-in-methods', async (request) =>
    signInMethodsOf(deps.db, signedInUser(request), request.params.userId),
  );
};
