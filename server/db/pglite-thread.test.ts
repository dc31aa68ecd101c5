import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from './pglite';
import { openPgliteThread, type PgliteThread } from './pglite-thread';

// PGlite on its own thread must answer drizzle exactly as PGlite on the server's thread does (issue #23).
const SELECT_VALUES = sql`select timestamp '2026-04-01 08:30:00' as ts, date '2026-04-01' as day,
  interval '90 minutes' as span, array[1.5, 2.25]::numeric[] as amounts, 42::int as count,
  9007199254740993::int8 as big, 'x'::text as label, true as flag, '{"a":[1,2]}'::jsonb as doc,
  '\\x0102'::bytea as bytes, null::text as nothing`;

let thread: PgliteThread;
let local: PGlite;

beforeAll(async () => {
  thread = await openPgliteThread(undefined, undefined);
  local = await createPglite(undefined, undefined);
  await thread.query('create table note (id int primary key, body text not null)');
});

afterAll(async () => {
  await thread.close();
  await local.close();
});

const onThread = () => drizzle({ client: thread as unknown as PGlite });
const count = async () =>
  (await thread.query<{ n: number }>('select count(*)::int as n from note')).rows[0]?.n;

describe('PGlite on its own thread', () => {
  it('reads every kind of value as PGlite on this thread does, in rows and in arrays', async () => {
    const expected = await drizzle({ client: local }).execute(SELECT_VALUES);
    const read = await onThread().execute(SELECT_VALUES);
    expect(read.rows).toEqual(expected.rows);
    const arrays = await thread.query('select 1 as one, 2 as two', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 2]]);
  });

  it('commits a transaction that succeeds, with statements sent together inside it', async () => {
    await onThread().transaction(async (tx) => {
      await Promise.all([
        tx.execute(sql`insert into note values (1, 'one')`),
        tx.execute(sql`insert into note values (2, 'two')`),
      ]);
      await tx.transaction((inner) => inner.execute(sql`insert into note values (3, 'three')`));
    });
    expect(await count()).toBe(3);
  });

  it('rolls back a transaction that throws, and tells PostgreSQL’s error fields', async () => {
    const failed = onThread().transaction(async (tx) => {
      await tx.execute(sql`insert into note values (4, 'four')`);
      await tx.execute(sql`insert into note values (1, 'again')`);
    });
    const error = await failed.then(
      () => undefined,
      (thrown: Error) => thrown.cause,
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'note_pkey', table: 'note' });
    expect(error).toHaveProperty('message', expect.stringMatching(/duplicate key/));
    expect(await count()).toBe(3);
  });

  it('keeps other statements out of an open transaction until it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = onThread().transaction(async (tx) => {
      await tx.execute(sql`delete from note where id = 3`);
      await held;
    });
    const outside = count();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toBe(2);
  });

  it('dumps its data folder, and a database started from the dump has the same rows', async () => {
    const copy = await openPgliteThread(undefined, await thread.dumpDataDir());
    try {
      expect((await copy.query('select id from note order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses what it cannot do, and every ask after close', async () => {
    await expect(async () =>
      thread.query('select 1', [], { parsers: { 23: (value: string) => Number(value) * 2 } }),
    ).rejects.toThrow(/own parsers/);
    const closing = await openPgliteThread(undefined, undefined);
    await closing.close();
    await expect(closing.query('select 1')).rejects.toThrow(/database thread stopped/);
  });
});
