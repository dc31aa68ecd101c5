import { afterEach, describe, expect, it } from 'vitest';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { type FirstPullProgress, pullRewind, rewindPull } from '../../db/sync-state';
import type { FetchLike } from '../http';
import { createCheckpointStep } from './checkpoint';
import { masterCore, TEST_BASE_URL } from './core-test-helper';
import { createProgressStep } from './progress';
import { createPullPages, createPullStep, fetchFirstPageAhead } from './pull';
import { createRetry } from './retry';
import { createScopeSweep } from './scope-sweep';
import { createStoreStep } from './store';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

const rows = ['a', 'b', 'c'].map((id, index) => ({
  ...masterRow({ id, kind: 'rooms', name: id, updatedAt: index + 1 }),
  _deleted: false,
}));

/**
 * The pull step over a test database, against a server answering pages of `rows` (or failing); `aheadLimit`:
 * its first page of that size was asked for before the step was made (`fetchFirstPageAhead`).
 */
async function pullStep(answer: 'pages' | 'failing', aheadLimit?: number) {
  database = await openTestDatabase('pull');
  const queries: string[] = [];
  const fetchImpl: FetchLike = async (input) => {
    const url = new URL(input);
    queries.push(url.search);
    if (answer === 'failing') return new Response('{}', { status: 500 });
    const raw = url.searchParams.get('checkpoint');
    const after = raw ? (JSON.parse(raw) as { updatedAt: number }).updatedAt : 0;
    const page = rows.filter((row) => row.updatedAt > after).slice(0, Number(url.searchParams.get('limit')));
    const last = page.at(-1);
    const body = {
      documents: page,
      checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null,
      ...(url.searchParams.get('count') ? { remaining: rows.length - page.length } : {}),
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const heard: Omit<FirstPullProgress, 'collection'>[] = [];
  let pulled = 0;
  const request = { fetchImpl, baseUrl: TEST_BASE_URL, clientBuild: 'test', csrfToken: { current: 't' } };
  const core = masterCore(database, {
    push: false,
    request,
    ...(aheadLimit ? { pageAhead: fetchFirstPageAhead(request, 'master', aheadLimit) } : {}),
    retryMs: { min: 1, max: 1 },
    firstPull: { done: false, onProgress: (progress) => heard.push(progress) },
    onPulled: async () => {
      pulled += 1;
    },
  });
  const retry = createRetry(core.options);
  const checkpoint = createCheckpointStep(core);
  const store = createStoreStep(core, checkpoint);
  const step = createPullStep({
    core,
    retry,
    pages: createPullPages(core, store),
    store,
    checkpoint,
    progress: createProgressStep({ options: core.options, pageStored: async () => {} }),
    sweep: createScopeSweep(core),
  });
  return { db: database, step, retry, queries, heard, pulled: () => pulled };
}

describe('the pull step', () => {
  it('pulls page by page from the checkpoint, asks the first page for the count, and tells how far it got', async () => {
    const { step, queries, heard, pulled } = await pullStep('pages');
    const first = await step.handler(undefined, 2);
    expect(first.documents.map((doc) => doc.id)).toEqual(['a', 'b']);
    expect(first.checkpoint).toEqual({ updatedAt: 2, id: 'b' });
    const second = await step.handler(first.checkpoint, 2);
    expect(second.documents.map((doc) => doc.id)).toEqual(['c']);
    expect(queries).toEqual([
      '?limit=2&count=1',
      `?limit=2&checkpoint=${encodeURIComponent(JSON.stringify({ updatedAt: 2, id: 'b' }))}`,
    ]);
    expect(heard.filter((progress) => !progress.done)).toEqual([
      { pulled: 2, total: 3, done: false },
      { pulled: 3, total: 3, done: false },
    ]);
    expect(pulled()).toBe(2);
  });

  it('takes the first page asked for ahead instead of asking again, and pulls on from its checkpoint', async () => {
    const { step, queries } = await pullStep('pages', 2);
    const first = await step.handler(undefined, 2);
    expect(first.documents.map((doc) => doc.id)).toEqual(['a', 'b']);
    await step.handler(first.checkpoint, 2);
    expect(queries).toEqual([
      '?limit=2&count=1',
      `?limit=2&checkpoint=${encodeURIComponent(JSON.stringify({ updatedAt: 2, id: 'b' }))}`,
    ]);
  });

  it('asks for its first page itself when the page asked for ahead is another one', async () => {
    const { step, queries } = await pullStep('pages', 3);
    const first = await step.handler(undefined, 2);
    expect(first.documents.map((doc) => doc.id)).toEqual(['a', 'b']);
    expect(queries).toEqual(['?limit=3&count=1', '?limit=2&count=1']);
  });

  it('starts from a stored rewind before the checkpoint, and ends the rewind once the page came', async () => {
    const { db, step, queries } = await pullStep('pages');
    await rewindPull(db, 'master', 1);
    const page = await step.handler({ updatedAt: 3, id: 'c' }, 2);
    expect(page.documents.map((doc) => doc.id)).toEqual(['b', 'c']);
    expect(queries[0]).toContain(encodeURIComponent(JSON.stringify({ updatedAt: 1, id: '' })));
    expect(await pullRewind(db, 'master')).toBeNull();
  });

  it('reports a failed call to RxDB once the retry waited, unhealthy until a pull succeeds', async () => {
    const { step, retry } = await pullStep('failing');
    await expect(step.handler(undefined, 2)).rejects.toThrow();
    expect(retry.healthy).toBe(false);
  });
});
