import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_LIMITS,
  DEVICE_COOKIE,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  otpSentResponseSchema,
  SESSION_COOKIE,
} from '../../../domain/auth';
import {
  changePasswordRequestSchema,
  emailRequestSchema,
  forceChangePasswordRequestSchema,
  passwordResetRequestSchema,
  verifyOtpRequestSchema,
} from '../../../domain/schemas/auth-account';
import { appPublicUrl } from '../../config';
import { type AppDeps, emptyBodySchema } from '../../deps';
import { unauthenticated } from '../../http-error';
import { issueCsrfToken } from '../../plugins/csrf';
import { clearSessionCookie, setSessionCookie, signedInUser } from '../../plugins/session';
import { notifyAccountChange, notifyDepsOf } from '../dashboard/notifications';
import { changePassword, forceChangePassword, requestPasswordLink, resetPassword } from './password-service';
import { login, logout, profileOf, resendCode, verifyCode } from './service';
import { sessionIdOf } from './sessions';

function setDeviceCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: AUTH_LIMITS.trustedDeviceDays * 24 * 60 * 60,
  });
}

function sessionIdOfRequest(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthenticated();
  return request.sessionId;
}

/** Sign-in, the two-step code, sign-out, passwords and the current user (SPEC §7 "Auth and account"). */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const publicUrl = appPublicUrl(deps.config);

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
        address: request.ip,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      setSessionCookie(reply, request, token);
      issueCsrfToken(request, reply);
      return profile;
    },
  );

  app.post(
    '/api/otp',
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/otp')],
      schema: { body: emptyBodySchema, response: { 200: otpSentResponseSchema } },
    },
    async (request) =>
      resendCode(deps, { userId: signedInUser(request).id, sessionId: sessionIdOfRequest(request) }),
  );

  app.post(
    '/api/verify-otp',
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/verify-otp')],
      schema: { body: verifyOtpRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { deviceToken, profile } = await verifyCode(deps, {
        userId: signedInUser(request).id,
        sessionId: sessionIdOfRequest(request),
        code: request.body.code,
        trustDevice: request.body.trust_device,
        userAgent: request.headers['user-agent'],
      });
      if (deviceToken) setDeviceCookie(reply, request, deviceToken);
      return profile;
    },
  );

  app.post(
    '/api/logout',
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/logout')],
      schema: { body: emptyBodySchema, response: { 200: okResponseSchema } },
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
      const state = request.sessionState ?? { otpVerified: false, trustedDevice: false };
      const profile = await profileOf(deps.db, signedInUser(request).id, state);
      if (!profile) throw unauthenticated();
      return profile;
    },
  );

  app.post(
    '/api/password/email',
    { schema: { body: emailRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await requestPasswordLink({ ...deps, publicUrl }, { email: request.body.email, kind: 'reset' });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/edu-account/resend-choose-emails',
    { schema: { body: emailRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await requestPasswordLink({ ...deps, publicUrl }, { email: request.body.email, kind: 'choose' });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password/reset',
    { schema: { body: passwordResetRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await resetPassword(deps, { token: request.body.token, password: request.body.password });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password/force-change',
    {
      onRequest: [app.requireUser, app.requireRole('POST /api/password/force-change')],
      schema: { body: forceChangePasswordRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      await forceChangePassword(deps, {
        userId: user.id,
        sessionId: sessionIdOfRequest(request),
        password: request.body.password,
      });
      const state = request.sessionState ?? { otpVerified: false, trustedDevice: false };
      const profile = await profileOf(deps.db, user.id, state);
      if (!profile) throw unauthenticated();
      return profile;
    },
  );

  for (const kind of ['students', 'users'] as const) {
    const call = `POST /api/${kind}/change-password` as const;
    app.post(
      `/api/${kind}/change-password`,
      {
        onRequest: [app.requireUser, app.requireRole(call)],
        schema: { body: changePasswordRequestSchema, response: { 200: okResponseSchema } },
      },
      async (request) => {
        await changePassword(deps, {
          userId: signedInUser(request).id,
          sessionId: sessionIdOfRequest(request),
          currentPassword: request.body.current_password,
          password: request.body.password,
        });
        await notifyAccountChange(notifyDepsOf(deps), signedInUser(request).id);
        return { ok: true as const };
      },
    );
  }
};
