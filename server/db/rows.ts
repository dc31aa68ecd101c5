import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './client';

/**
 * Runs a raw query and checks its rows with `row`. PGlite and node-postgres both answer `{ rows }`, but
 * the generic database type cannot know the row shape, so it is narrowed here like any outside data.
 */
export async function queryRows<Row>(db: Executor, query: SQL, row: z.ZodType<Row>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return z.object({ rows: z.array(row) }).parse(result).rows;
}
