import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorCode } from '../../domain/errors';
import { CALL_ROLES, type CallKey } from '../../domain/permissions';
import {
  CLIENT_BUILD_HEADER,
  OFFLINE_ORIGIN_HEADER,
  syncPullResponseSchema,
  syncPushRequestSchema,
  syncPushResponseSchema,
} from '../../domain/sync';
import type { SyncedDoc } from '../../domain/sync-merge';
import { isLoggedReader } from '../access-log/logged-calls';
import { recordPulledRecords } from '../access-log/pulls';
import { readBuildId } from '../build-info';
import type { AppDeps } from '../deps';
import { forbidden, HttpError } from '../http-error';
import { registerCall } from '../plugins/call-route';
import { signedInUser } from '../plugins/session';
import {
  pullCollection,
  pullCollectionJson,
  pushCollection,
  type SyncCollectionDef,
  type SyncCollectionRegistry,
} from './engine';

/** Whether a request says its writes were made offline (`X-Offline-Origin: 1`). */
export function isOfflineOrigin(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[OFFLINE_ORIGIN_HEADER] === '1';
}

/**
 * Answers 426 when the client names a build other than the one this server serves: an older app might
 * write rows in a shape the server no longer takes, so it must update (its local writes wait in IndexedDB).
 * Without a build of its own (`dev`) the server takes every client.
 */
function requireCurrentBuild(staticDir: string): onRequestHookHandler {
  return async (request) => {
    const clientBuild = request.headers[CLIENT_BUILD_HEADER];
    if (typeof clientBuild !== 'string') return;
    const serverBuild = await readBuildId(staticDir);
    if (serverBuild === 'dev' || serverBuild === clientBuild) return;
    throw new HttpError(426, { message: 'Upgrade Required', code: ErrorCode.clientOutdated });
  };
}

type PullKey = Extract<CallKey, `GET /api/sync/${string}/pull`>;
type PushKey = Extract<CallKey, `POST /api/sync/${string}/push`>;

/** The call-table key of a collection's pull: its own entry when it has one, else the generic one. */
function pullKeyOf(name: string): PullKey {
  const own = `GET /api/sync/${name}/pull`;
  // The key is built from the pull pattern, so a key of the table it names is a pull key.
  return isCallKey(own) ? (own as PullKey) : 'GET /api/sync/:collection/pull';
}

/** The call-table key of a collection's push: its own entry when it has one, else the generic one. */
function pushKeyOf(name: string): PushKey {
  const own = `POST /api/sync/${name}/push`;
  // The key is built from the push pattern, so a key of the table it names is a push key.
  return isCallKey(own) ? (own as PushKey) : 'POST /api/sync/:collection/push';
}

function isCallKey(key: string): key is CallKey {
  return key in CALL_ROLES;
}

/** Registers `/api/sync/<name>/pull` and `/push` of one collection. */
function registerCollection<Doc extends SyncedDoc, Row>(
  app: FastifyInstance,
  deps: AppDeps,
  def: SyncCollectionDef<Doc, Row>,
): void {
  const onRequest = [requireCurrentBuild(deps.config.staticDir)];
  // A collection with entries of its own in the call table (master, notifications: every role, the super
  // admin included) is checked against them; the others against the generic entries, their name fixed.
  const fixedParams = { collection: def.name };
  const docSchema: z.ZodType<Doc> = def.docSchema;

  registerCall(
    app,
    pullKeyOf(def.name),
    async (request, reply) => {
      const user = signedInUser(request);
      if (!def.pullRoles.includes(user.role)) throw forbidden();
      const { checkpoint, limit, count, subjects, subjectOf, ids } = request.query;
      const options = {
        count: count === '1',
        ...(subjects === undefined ? {} : { subjects }),
        ...(subjectOf === undefined ? {} : { subjectOf }),
        ...(ids === undefined ? {} : { ids }),
      };
      const logged = def.recordOf !== undefined && isLoggedReader(user.role);
      if (def.docJson) {
        // Issue 45: the page as the database wrote it, sent as it is; a JSON string skips the response
        // serializer, and server/sync/json-page.test.ts holds it to the response schema instead.
        const page = await pullCollectionJson(deps.db, def, user, checkpoint, limit, options);
        deps.metrics.syncPull(def.name, page.count);
        if (logged && def.recordOf && page.count > 0) {
          const documents = JSON.parse(page.documents) as Doc[];
          recordPulledRecords(deps.accessLog, request, def.name, documents.map(def.recordOf));
        }
        await reply.type('application/json; charset=utf-8').send(page.text);
        // Fastify's way of saying the async handler has sent its answer itself.
        return reply as never;
      }
      const page = await pullCollection(deps.db, def, user, checkpoint, limit, options);
      deps.metrics.syncPull(def.name, page.documents.length);
      if (logged && def.recordOf) {
        recordPulledRecords(deps.accessLog, request, def.name, page.documents.map(def.recordOf));
      }
      return page;
    },
    { onRequest, fixedParams, narrow: { response: syncPullResponseSchema(docSchema) } },
  );

  registerCall(
    app,
    pushKeyOf(def.name),
    async (request) => {
      const user = signedInUser(request);
      const rows = request.body.rows.map((row) => ({
        newDocumentState: row.newDocumentState as Doc,
        assumedMasterState: row.assumedMasterState as Doc | null,
      }));
      const result = await pushCollection(deps, def, user, rows, isOfflineOrigin(request.headers));
      deps.metrics.syncPush(def.name, rows.length, result.conflicts.length);
      return result;
    },
    {
      onRequest,
      fixedParams,
      narrow: { body: syncPushRequestSchema(docSchema), response: syncPushResponseSchema(docSchema) },
    },
  );
}

/** What the sync routes are built from: the app's dependencies and the registry of collections. */
export interface SyncRoutesOptions {
  deps: AppDeps;
  collections: SyncCollectionRegistry;
}

/**
 * The replication endpoints of ARCHITECTURE §3: one pull and one push per collection of the registry it is
 * given (the modules own the definitions; the engine imports none of them).
 */
export const syncRoutes: FastifyPluginAsyncZod<SyncRoutesOptions> = async (app, { deps, collections }) => {
  for (const collection of Object.values(collections)) {
    collection.use((def) => registerCollection(app, deps, def));
  }
};
