import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appPublicUrl } from '../../config';
import type { AppDeps } from '../../deps';
import { unauthenticated } from '../../http-error';
import { registerCall } from '../../plugins/call-route';
import { issueCsrfToken } from '../../plugins/csrf';
import { clearSessionCookie, sessionTokenOf, setSessionCookie, signedInUser } from '../../plugins/session';
import { sessionIdOf } from '../../plugins/session-store';
import { notifyAccountChange, notifyDepsOf } from '../dashboard/notifications';
import { setDeviceCookie } from './device-cookie';
import { relyingPartyOfConfig } from './passkeys';
import { passkeyRoutes } from './passkeys-routes';
import { changePassword, forceChangePassword, requestPasswordLink, resetPassword } from './password-service';
import { login, logout, profileOf, resendCode, verifyCode } from './service';

function sessionIdOfRequest(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthenticated();
  return request.sessionId;
}

/** Sign-in, the two-step code, sign-out, passwords and the current user (SPEC §7 "Auth and account"). */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const publicUrl = appPublicUrl(deps.config);
  const passkeysOffered = relyingPartyOfConfig(deps.config) !== null;
  await app.register(passkeyRoutes, deps);

  // A Web Worker cannot read cookies, so it asks for the token the cookie holds (set by the CSRF hook).
  registerCall(app, 'GET /api/csrf', async (request) => ({ token: request.csrfToken }));

  registerCall(app, 'POST /api/login', async (request, reply) => {
    const previousToken = sessionTokenOf(request);
    const { token, profile } = await login(deps, {
      ...request.body,
      userAgent: request.headers['user-agent'],
      previousSessionId: previousToken ? sessionIdOf(previousToken) : null,
      address: request.ip,
      deviceToken: request.cookies[app.cookiePolicy.device],
      sessionLifetimeMs: deps.config.sessionLifetimeMs,
      passkeysOffered,
    });
    setSessionCookie(reply, token);
    issueCsrfToken(request, reply, token);
    return profile;
  });

  registerCall(app, 'POST /api/otp', async (request) =>
    resendCode(deps, { userId: signedInUser(request).id, sessionId: sessionIdOfRequest(request) }),
  );

  registerCall(app, 'POST /api/verify-otp', async (request, reply) => {
    const { deviceToken, profile } = await verifyCode(deps, {
      userId: signedInUser(request).id,
      sessionId: sessionIdOfRequest(request),
      code: request.body.code,
      trustDevice: request.body.trust_device,
      userAgent: request.headers['user-agent'],
    });
    if (deviceToken) setDeviceCookie(reply, deviceToken);
    return profile;
  });

  registerCall(app, 'POST /api/logout', async (request, reply) => {
    if (request.sessionId) await logout(deps.db, request.sessionId);
    // The sockets of this session (this tab's and its other tabs', on any instance) close now too.
    if (request.user) await deps.feed.publishSessionsEnded([request.user.id]);
    clearSessionCookie(reply);
    issueCsrfToken(request, reply, undefined);
    return { ok: true as const };
  });

  registerCall(app, 'GET /api/me', async (request) => {
    const state = request.sessionState ?? { otpVerified: false, trustedDevice: false };
    const profile = await profileOf(deps.db, signedInUser(request).id, state);
    if (!profile) throw unauthenticated();
    return profile;
  });

  registerCall(app, 'POST /api/password/email', async (request) => {
    await requestPasswordLink({ ...deps, publicUrl }, { email: request.body.email, kind: 'reset' });
    return { ok: true as const };
  });

  registerCall(app, 'POST /api/edu-account/resend-choose-emails', async (request) => {
    await requestPasswordLink({ ...deps, publicUrl }, { email: request.body.email, kind: 'choose' });
    return { ok: true as const };
  });

  registerCall(app, 'POST /api/password/reset', async (request) => {
    const { userId } = await resetPassword(deps, {
      token: request.body.token,
      password: request.body.password,
    });
    await deps.feed.publishSessionsEnded([userId]);
    return { ok: true as const };
  });

  registerCall(app, 'POST /api/password/force-change', async (request) => {
    const user = signedInUser(request);
    await forceChangePassword(deps, {
      userId: user.id,
      sessionId: sessionIdOfRequest(request),
      password: request.body.password,
    });
    await deps.feed.publishSessionsEnded([user.id]);
    const state = request.sessionState ?? { otpVerified: false, trustedDevice: false };
    const profile = await profileOf(deps.db, user.id, state);
    if (!profile) throw unauthenticated();
    return profile;
  });

  for (const call of ['POST /api/students/change-password', 'POST /api/users/change-password'] as const) {
    registerCall(app, call, async (request) => {
      await changePassword(deps, {
        userId: signedInUser(request).id,
        sessionId: sessionIdOfRequest(request),
        currentPassword: request.body.current_password,
        password: request.body.password,
      });
      // Every other session of the account ended: their sockets close now.
      await deps.feed.publishSessionsEnded([signedInUser(request).id]);
      await notifyAccountChange(notifyDepsOf(deps), signedInUser(request).id);
      return { ok: true as const };
    });
  }
};
