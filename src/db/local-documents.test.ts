import { firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MasterKind } from '../../domain/master-kind';
import { masterRow, openTestDatabase } from './database-test-helper';
import { localDocument$, updateLocalDocument } from './local-documents';
import type { SchoolDatabase } from './open-database';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await database?.remove();
  database = undefined;
});

describe('a local document, live', () => {
  it('is null until written, then follows each change of it and of nothing else', async () => {
    database = await openTestDatabase('local-live');
    const db = database;
    const seen = firstValueFrom(localDocument$(db, 'watched').pipe(take(3), toArray()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await updateLocalDocument(db, 'other', () => ({ n: 1 }));
    await updateLocalDocument(db, 'watched', () => ({ n: 1 }));
    await updateLocalDocument(db, 'watched', () => ({ n: 2 }));
    const values = (await seen).map((document) => document?.get('n') ?? null);
    expect(values).toEqual([null, 1, 2]);
  });

  it('stays quiet while rows are written to the collections', async () => {
    database = await openTestDatabase('local-rows');
    const db = database;
    await updateLocalDocument(db, 'watched', () => ({ n: 1 }));
    const emitted: unknown[] = [];
    const subscription = localDocument$(db, 'watched').subscribe((document) =>
      emitted.push(document?.get('n')),
    );
    await vi.waitFor(() => expect(emitted).toEqual([1]));
    await db.master.bulkInsert(
      Array.from({ length: 300 }, (_, index) =>
        masterRow({ id: `row-${index}`, kind: MasterKind.rooms, name: `Row ${index}` }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emitted).toEqual([1]);
    await updateLocalDocument(db, 'watched', () => ({ n: 2 }));
    await vi.waitFor(() => expect(emitted).toEqual([1, 2]));
    subscription.unsubscribe();
  });
});
