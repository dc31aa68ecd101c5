import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { unauthenticated } from '../../http-error';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { setDeviceCookie } from './device-cookie';
import {
  authenticateWithPasskey,
  authenticationOptions,
  listPasskeys,
  type PasskeyDeps,
  registerPasskey,
  registrationOptions,
  relyingPartyOfConfig,
  removePasskey,
} from './passkeys';

function sessionOf(request: FastifyRequest) {
  if (!request.sessionId) throw unauthenticated();
  return { userId: signedInUser(request).id, sessionId: request.sessionId };
}

/** Passkeys (issue 44): the profile's list, registration and removal, and the second step of a sign-in. */
export const passkeyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const relyingParty = relyingPartyOfConfig(deps.config);
  if (!relyingParty)
    app.log.warn(
      'passkeys are off: PUBLIC_URL must be https (or http://localhost) with a domain name, not an address',
    );
  const passkeyDeps: PasskeyDeps = { ...deps, relyingParty };

  registerCall(app, 'GET /api/passkeys', async (request) =>
    listPasskeys(passkeyDeps, signedInUser(request).id),
  );

  registerCall(app, 'POST /api/passkeys/registration-options', async (request) =>
    registrationOptions(passkeyDeps, sessionOf(request)),
  );

  registerCall(
    app,
    'POST /api/passkeys',
    async (request) => registerPasskey(passkeyDeps, sessionOf(request), request.body),
    { status: 201 },
  );

  registerCall(app, 'DELETE /api/passkeys/:passkeyId', async (request) => {
    await removePasskey(deps.db, signedInUser(request).id, request.params.passkeyId);
    return { ok: true as const };
  });

  registerCall(app, 'POST /api/passkeys/authentication-options', async (request) =>
    authenticationOptions(passkeyDeps, sessionOf(request)),
  );

  registerCall(app, 'POST /api/passkeys/authenticate', async (request, reply) => {
    const { deviceToken, profile } = await authenticateWithPasskey(
      passkeyDeps,
      { ...sessionOf(request), userAgent: request.headers['user-agent'] },
      request.body,
    );
    if (deviceToken) setDeviceCookie(reply, deviceToken);
    return profile;
  });
};
