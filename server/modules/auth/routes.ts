import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequestSchema, loginResponseSchema, SESSION_COOKIE } from '../../../domain/auth';
import { type AppDeps, emptyBodySchema } from '../../deps';
import { unauthenticated } from '../../http-error';
import { issueCsrfToken } from '../../plugins/csrf';
import { clearSessionCookie, setSessionCookie, signedInUser } from '../../plugins/session';
import { login, logout, profileOf } from './service';
import { sessionIdOf } from './sessions';

/** Sign-in, sign-out, the current user and the CSRF token (SPEC §7 "Auth and account"). */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/csrf',
    { schema: { response: { 200: z.object({ token: z.string() }) } } },
    // A Web Worker cannot read cookies, so it asks for the token the cookie holds (set by the CSRF hook).
    async (request) => ({ token: request.csrfToken }),
  );

  app.post(
    '/api/login',
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const previousToken = request.cookies[SESSION_COOKIE];
      const { token, profile } = await login(deps, {
        ...request.body,
        userAgent: request.headers['user-agent'],
        previousSessionId: previousToken ? sessionIdOf(previousToken) : null,
      });
      setSessionCookie(reply, request, token);
      issueCsrfToken(request, reply);
      return profile;
    },
  );

  app.post(
    '/api/logout',
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/logout')],
      schema: { body: emptyBodySchema, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      if (request.sessionId) await logout(deps.db, request.sessionId);
      clearSessionCookie(reply, request);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/me',
    {
      onRequest: [app.requireUser, app.requireRole('GET /api/me')],
      schema: { response: { 200: loginResponseSchema } },
    },
    async (request) => {
      const profile = await profileOf(deps.db, signedInUser(request).id);
      if (!profile) throw unauthenticated();
      return profile;
    },
  );
};
