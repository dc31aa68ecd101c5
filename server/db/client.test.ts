import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTextTypesOnce } from './pglite';

// `readTextTypesOnce` drops drizzle's per-statement parsers (issue #23); what a query reads must not change.
const SELECT_EVERY_TEXT_TYPE = sql`select timestamp '2026-04-01 08:30:00' as ts,
  timestamptz '2026-04-01 08:30:00+09' as tstz, date '2026-04-01' as day, interval '90 minutes' as span,
  array[1.5, 2.25]::numeric[] as amounts, array[timestamp '2026-04-01 08:30:00'] as stamps,
  array[timestamptz '2026-04-01 08:30:00+09'] as zoned, array[interval '1 day'] as spans,
  array[date '2026-04-01'] as days, 42::int as count, 'x'::text as label, true as flag, '{"a":1}'::json as doc`;

let plain: PGlite;
let lean: PGlite;

beforeAll(async () => {
  plain = await PGlite.create();
  lean = await PGlite.create();
  readTextTypesOnce(lean);
});

afterAll(async () => {
  await plain.close();
  await lean.close();
});

describe('PGlite without drizzle’s per-statement parsers', () => {
  it('reads timestamps, dates, intervals, their arrays and other types exactly as drizzle does', async () => {
    const expected = await drizzle({ client: plain }).execute(SELECT_EVERY_TEXT_TYPE);
    const read = await drizzle({ client: lean }).execute(SELECT_EVERY_TEXT_TYPE);
    expect(read.rows).toEqual(expected.rows);
    expect(read.rows[0]).toMatchObject({ ts: '2026-04-01 08:30:00', day: '2026-04-01', count: 42 });
  });

  it('reads the same inside a transaction and a savepoint', async () => {
    const expected = await drizzle({ client: plain }).transaction((tx) =>
      tx.transaction((inner) => inner.execute(SELECT_EVERY_TEXT_TYPE)),
    );
    const read = await drizzle({ client: lean }).transaction((tx) =>
      tx.transaction((inner) => inner.execute(SELECT_EVERY_TEXT_TYPE)),
    );
    expect(read.rows).toEqual(expected.rows);
  });
});
