import { IDBObjectStore } from 'fake-indexeddb';
import fc from 'fast-check';
import {
  createRevision,
  fillWithDefaultSettings,
  type MangoQuery,
  type MangoQuerySelector,
  normalizeMangoQuery,
  prepareQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstance,
} from 'rxdb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeDexieStorage } from './storage-test-notes';
import { withWholeRangeQueries } from './whole-range-queries';

/** A row with the kinds of field the collections index: a short code, a number and a flag (stored as '0'/'1'). */
type Row = { id: string; kind: string; n: number; done: boolean; text: string };

const schema = fillWithDefaultSettings<Row>({
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    kind: { type: 'string', maxLength: 8 },
    n: { type: 'number', minimum: 0, maximum: 100, multipleOf: 1 },
    done: { type: 'boolean' },
    text: { type: 'string' },
  },
  required: ['id', 'kind', 'n', 'done', 'text'],
  indexes: [['kind', 'n'], 'n', ['done', 'kind']],
} as RxJsonSchema<Row>);

type Instance = RxStorageInstance<Row, unknown, unknown>;

function open(storage: RxStorage<unknown, unknown>, name: string): Promise<Instance> {
  return storage.createStorageInstance<Row>({
    databaseInstanceToken: 'token',
    databaseName: name,
    collectionName: 'rows',
    schema,
    options: {},
    multiInstance: false,
    devMode: false,
  });
}

const KINDS = ['class', 'seat', 'subject', 'score'];

/** 300 rows, some deleted, with repeated kinds and numbers so that sorts have ties. */
const rows: RxDocumentData<Row>[] = Array.from({ length: 300 }, (_, index) => {
  const document = {
    id: `row-${String((index * 7919) % 1000).padStart(4, '0')}`,
    kind: KINDS[index % KINDS.length] ?? 'class',
    n: (index * 37) % 23,
    done: index % 3 === 0,
    text: `text ${index % 5}`,
    _deleted: index % 17 === 0,
    _attachments: {},
    _meta: { lwt: 1_000 + index },
    _rev: '',
  };
  return { ...document, _rev: createRevision('token') };
});

const selectorArb: fc.Arbitrary<MangoQuerySelector<RxDocumentData<Row>>> = fc.oneof<
  fc.Arbitrary<MangoQuerySelector<RxDocumentData<Row>>>[]
>(
  fc.constantFrom({}, { _deleted: false }),
  fc.constantFrom(...KINDS).map((kind) => ({ kind, _deleted: false })),
  fc.subarray(KINDS, { minLength: 1 }).map((kinds) => ({ kind: { $in: kinds }, _deleted: { $eq: false } })),
  fc.integer({ min: 0, max: 22 }).map((n) => ({ n: { $gte: n } })),
  fc.record({ kind: fc.constantFrom(...KINDS), n: fc.integer({ min: 0, max: 22 }) }).map(({ kind, n }) => ({
    kind,
    n: { $lt: n },
  })),
  fc.boolean().map((done) => ({ done, _deleted: false })),
  fc.constantFrom('text 1', 'text 3').map((text) => ({ text, _deleted: false })),
  fc.constantFrom(...KINDS).map((kind) => ({ kind: { $ne: kind } })),
);

const sortArb = fc.constantFrom<MangoQuery<Row>['sort']>(
  undefined,
  [{ n: 'asc' }],
  [{ n: 'desc' }],
  [{ kind: 'asc' }, { n: 'asc' }],
  [{ text: 'desc' }],
);

const queryArb = fc.record({
  selector: selectorArb,
  sort: sortArb,
  skip: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  limit: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
});

function prepared(query: MangoQuery<RxDocumentData<Row>>) {
  const mango = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  return prepareQuery<Row>(schema, normalizeMangoQuery<Row>(schema, mango as MangoQuery<Row>));
}

describe('withWholeRangeQueries', () => {
  let plain: Instance;
  let whole: Instance;

  beforeAll(async () => {
    plain = await open(fakeDexieStorage(), 'whole-range-plain');
    whole = await open(withWholeRangeQueries(fakeDexieStorage()), 'whole-range-whole');
    for (const instance of [plain, whole]) {
      await instance.bulkWrite(
        rows.map((document) => ({ document })),
        'test',
      );
    }
  });
  afterAll(async () => {
    await plain.remove();
    await whole.remove();
  });

  it('answers every query and count as RxDB’s cursor walk does', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (query) => {
        const preparedQuery = prepared(query);
        const expected = await plain.query(preparedQuery);
        expect((await whole.query(preparedQuery)).documents).toEqual(expected.documents);
        expect((await whole.count(preparedQuery)).count).toBe((await plain.count(preparedQuery)).count);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('reads a query’s range with one request instead of a cursor step a row', async () => {
    const cursors = vi.spyOn(IDBObjectStore.prototype, 'openCursor');
    const preparedQuery = prepared({ selector: { kind: 'seat', _deleted: false } });
    try {
      const answer = await whole.query(preparedQuery);
      expect(answer.documents.length).toBeGreaterThan(50);
      expect(cursors).not.toHaveBeenCalled();
    } finally {
      cursors.mockRestore();
    }
  });
});
