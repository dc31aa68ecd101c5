import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../domain/limits';
import { Role } from '../../../domain/roles';
import { avatarFileParamsSchema, DEFAULT_AVATAR_FILE } from '../../../domain/schemas/auth-account';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http-error';
import { registerCall } from '../../plugins/call-route';
import { signedInUser } from '../../plugins/session';
import { notifyAccountChange, notifyDepsOf } from '../dashboard/notifications';
import { avatarFolder, storageDirOf } from '../shared/avatar-files';
import { DEFAULT_AVATAR_SVG, storeAvatar } from './avatar';
import {
  listSessions,
  notificationSettings,
  profileDetails,
  revokeSession,
  saveLanguage,
  saveNotificationSettings,
  setAvatar,
  updateProfile,
} from './service';

// Avatars arrive as the raw image body (`Content-Type: image/png` or `image/jpeg`); the declared type only
// picks the parser, the content decides.
// A user's name and picture travel in the `people` collection of everyone who may see them.
const publishPeopleChange = (deps: AppDeps) => deps.feed.publishChange(['people'], 'all');

const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];

/** Profile, avatar, sessions and notification settings of the signed-in user (SPEC §7 "Auth and account"). */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const storageDir = storageDirOf(deps.config);

  app.addContentTypeParser(
    AVATAR_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: LIMITS.avatarMaxBytes },
    (_request, body, done) => done(null, body),
  );

  registerCall(app, 'GET /api/profile', async (request) => profileDetails(deps.db, signedInUser(request).id));

  for (const kind of ['students', 'users'] as const) {
    registerCall(app, `POST /api/${kind}/update-profile`, async (request) => {
      const userId = signedInUser(request).id;
      const profile = await updateProfile(deps.db, userId, request.body, deps.now());
      await publishPeopleChange(deps);
      // An account change is one of the events a user must know (issue 8): a web notice and, with the
      // mail switch on, a mail, so a change made by somebody else with the session does not go unseen.
      await notifyAccountChange(notifyDepsOf(deps), userId);
      return profile;
    });

    registerCall(app, `POST /api/${kind}/update-avatar`, async (request) => {
      const user = signedInUser(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const fileName = await storeAvatar(storageDir, user.role === Role.student ? 'student' : 'user', bytes);
      await setAvatar(deps.db, user.id, fileName, deps.now());
      await publishPeopleChange(deps);
      return { avatar: fileName };
    });
  }

  // The default avatar is one drawing for everyone and tells nothing of anyone: it is served without a session,
  // so the app's service worker keeps it for offline use when it installs, before anyone signs in (issue 42).
  // Uploaded avatars stay for signed-in users.
  const requireUserUnlessDefault: onRequestHookHandler = async function (request, reply) {
    const { file } = request.params as { file?: string };
    if (file === DEFAULT_AVATAR_FILE) return;
    await app.requireUser.call(this, request, reply, () => undefined);
  };
  app.get(
    '/storage/images/avatar/:kind/:file',
    { onRequest: [requireUserUnlessDefault], schema: { params: avatarFileParamsSchema } },
    async (request, reply) => {
      const { kind, file } = request.params;
      reply.header('x-content-type-options', 'nosniff');
      if (file === DEFAULT_AVATAR_FILE) return reply.type('image/svg+xml').send(DEFAULT_AVATAR_SVG);
      // The params schema allows only uuid names, so the path cannot leave the avatar folder.
      const bytes = await readFile(path.join(avatarFolder(storageDir, kind), file)).catch(() => undefined);
      if (!bytes) throw notFound();
      return reply
        .type(file.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'private, max-age=86400')
        .send(bytes);
    },
  );

  registerCall(app, 'GET /api/sessions', async (request) => ({
    data: await listSessions(
      deps.db,
      signedInUser(request).id,
      request.sessionId,
      deps.now(),
      deps.config.sessionLifetimeMs,
    ),
  }));

  registerCall(app, 'DELETE /api/sessions/:sessionId', async (request) => {
    await revokeSession(deps.db, signedInUser(request).id, request.params.sessionId);
    // The revoked device's socket closes now, on whichever instance holds it.
    await deps.feed.publishSessionsEnded([signedInUser(request).id]);
    return { ok: true as const };
  });

  registerCall(app, 'GET /api/users/notification-by-user', async (request) =>
    notificationSettings(deps.db, signedInUser(request).id),
  );

  registerCall(app, 'POST /api/users/update-language', async (request) => {
    await saveLanguage(deps.db, signedInUser(request).id, request.body.locale);
    return { ok: true as const };
  });

  registerCall(app, 'POST /api/users/update-notification', async (request) =>
    saveNotificationSettings(deps.db, signedInUser(request).id, request.body, deps.now()),
  );
};
