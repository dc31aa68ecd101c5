import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRxSchema, type RxJsonSchema } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BROWSER_COLLECTIONS, MAX_BROWSER_COLLECTIONS } from '../../domain/sync';
import { openDatabase, type SchoolDatabase } from './open-database';
import { type IndexedSchema, indexProblems, rxSchemaOf } from './rx-schema';
// The schemas as browsers stored them before they were generated (written by hand until then).
import storedSchemas from './stored-schemas.json';
import { SYNCED_COLLECTIONS } from './synced-collections';

/** A schema as RxDB compares it with the one a browser stored: filled with its defaults and sorted. */
function asRxDbSeesIt(schema: IndexedSchema) {
  // Neither the hash nor the schema's document type matters to the comparison.
  return createRxSchema(schema as RxJsonSchema<unknown>, () => Promise.resolve(''), false).jsonSchema;
}

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe('the generated collection schemas', () => {
  it.each(Object.entries(SYNCED_COLLECTIONS))(
    '%s is the schema browsers already store, so their databases open without a new version',
    (name, { schema }) => {
      const stored: Record<string, unknown> = storedSchemas;
      expect(asRxDbSeesIt(schema)).toEqual(asRxDbSeesIt(stored[name] as IndexedSchema));
    },
  );

  // A change to a stored shape (a new field) raises the collection's version with a migration strategy, and
  // the new schema is recorded in stored-schemas.json: browsers then migrate their rows instead of failing.
  it.each(Object.entries(SYNCED_COLLECTIONS))(
    '%s upgrades rows stored under every earlier version',
    (_name, { schema, migrationStrategies }) => {
      const versions = Array.from({ length: schema.version }, (_, index) => String(index + 1));
      expect(Object.keys(migrationStrategies).sort()).toEqual(versions.sort());
    },
  );

  it.each(Object.entries(SYNCED_COLLECTIONS))(
    '%s indexes only required, single-typed, bounded fields',
    (_name, { schema }) => {
      expect(indexProblems(schema)).toEqual([]);
    },
  );

  it('refuses to index a field the local database cannot index', () => {
    const schema = rxSchemaOf(
      z.strictObject({
        id: z.string().max(64),
        note: z.string().max(64).nullable(),
        name: z.string(),
        count: z.number(),
        updatedAt: z.number().int().nonnegative(),
        _deleted: z.boolean(),
      }),
      { title: 'sample', version: 0, indexes: ['note', 'name', 'count', 'updatedAt'] },
    );
    expect(indexProblems(schema)).toEqual([
      'note is indexed but has the type ["string","null"]',
      'name is an indexed string without maxLength',
      'count is an indexed number without minimum, maximum and multipleOf',
    ]);
    expect(indexProblems({ ...schema, required: ['id'] as const })).toContain(
      'updatedAt is indexed but not required',
    );
  });

  it('opens every collection of the registry, no more than RxDB allows in one database', async () => {
    database = await openDatabase(`registry-${Date.now()}`, {
      dexie: { indexedDB, IDBKeyRange },
      multiInstance: false,
    });
    expect(Object.keys(database.collections).sort()).toEqual([...BROWSER_COLLECTIONS].sort());
    expect(Object.keys(database.collections).length).toBeLessThanOrEqual(MAX_BROWSER_COLLECTIONS);
  });
});
