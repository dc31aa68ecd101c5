import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { SyncCheckpoint } from '../../domain/sync';
import type { MasterDoc } from '../../domain/sync-docs';
import type { SyncedDoc } from '../../domain/sync-merge';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { pullCollection, type SyncActor, type SyncCollectionDef } from '../sync/engine';
import type { TestSession } from './test-app';

type Method = 'GET' | 'POST' | 'DELETE';

/** Makes a call as a client, sending its cookies and CSRF header. */
export function call(
  app: FastifyInstance,
  session: TestSession | undefined,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: session?.headers() ?? {}, ...(payload ? { payload } : {}) });
}

/** Creates a master row through the master-setting call and returns its id. */
export async function createMasterRow(
  app: FastifyInstance,
  admin: TestSession,
  segment: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const response = await call(app, admin, 'POST', `/api/master-setting/${segment}`, payload);
  if (response.statusCode !== 201)
    throw new Error(`create ${segment}: ${response.statusCode} ${response.body}`);
  const body: { id: string } = response.json();
  return body.id;
}

/** One pull page. */
export async function pull(
  app: FastifyInstance,
  session: TestSession,
  checkpoint: SyncCheckpoint | null,
  limit = 200,
): Promise<{ documents: MasterDoc[]; checkpoint: SyncCheckpoint | null }> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
  const response = await call(app, session, 'GET', `/api/sync/master/pull?${query}`);
  if (response.statusCode !== 200) throw new Error(`pull: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Pulls page by page until the stream is exhausted; returns every document and the final checkpoint. */
export async function pullAll(
  app: FastifyInstance,
  session: TestSession,
  from: SyncCheckpoint | null,
  limit: number,
): Promise<{ documents: MasterDoc[]; checkpoint: SyncCheckpoint | null; pages: number }> {
  await waitForWatermark(app.appDeps.db);
  const documents: MasterDoc[] = [];
  let checkpoint = from;
  for (let pages = 1; ; pages++) {
    const page = await pull(app, session, checkpoint, limit);
    documents.push(...page.documents);
    checkpoint = page.checkpoint;
    if (page.documents.length < limit) return { documents, checkpoint, pages };
  }
}

/** One push to a collection; `offline` sets `X-Offline-Origin: 1`. */
export async function push<Doc>(
  app: FastifyInstance,
  session: TestSession,
  collection: string,
  rows: { newDocumentState: Doc; assumedMasterState: Doc | null }[],
  options: { offline?: boolean } = {},
): Promise<{ conflicts: { document: Doc; reason: string; fields?: string[] }[] }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/sync/${collection}/push`,
    headers: { ...session.headers(), ...(options.offline ? { 'x-offline-origin': '1' } : {}) },
    payload: { rows },
  });
  if (response.statusCode !== 200) throw new Error(`push: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Waits until every transaction running now has ended, so a pull sees everything committed before the call.
 * On a PostgreSQL server that other suites share, their open transactions hold back the pull watermark
 * (server/db/sequence.ts) for a moment; PGlite has no other sessions and returns at once.
 */
export async function waitForWatermark(db: Database): Promise<void> {
  const row = z.object({ xmin: z.coerce.number(), xmax: z.coerce.number() });
  const read = async () => {
    const [snapshot] = await queryRows(
      db,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
      row,
    );
    if (!snapshot) throw new Error('no snapshot');
    return snapshot;
  };
  const target = (await read()).xmax;
  for (let attempt = 0; attempt < 500; attempt++) {
    if ((await read()).xmin >= target) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('pull watermark did not pass the last write');
}

/**
 * Pulls a collection for `actor` straight from the engine, page by page after `from` as a client does, once
 * every earlier write is under the watermark; returns the documents and where the pull stopped.
 */
export async function pullThrough<Doc extends SyncedDoc>(
  db: Database,
  def: SyncCollectionDef<Doc>,
  actor: SyncActor,
  from: SyncCheckpoint | null = null,
  limit = 50,
): Promise<{ documents: Doc[]; checkpoint: SyncCheckpoint | null }> {
  await waitForWatermark(db);
  const documents: Doc[] = [];
  let checkpoint = from;
  for (;;) {
    const page: { documents: Doc[]; checkpoint: SyncCheckpoint | null } = await pullCollection(
      db,
      def,
      actor,
      checkpoint,
      limit,
    );
    documents.push(...page.documents);
    checkpoint = page.checkpoint;
    if (page.documents.length < limit) return { documents, checkpoint };
  }
}
