import type { MigrationStrategies, RxJsonSchema } from 'rxdb';

/**
 * The last answer of one online-only read (ARCHITECTURE §3 "views"), kept so a screen can show it offline
 * with its time. Never replicated; it goes with the user's database at logout.
 */
export type ViewDocType = {
  /** The query's key, e.g. the call's path with its parameters. */
  id: string;
  /** The answer as JSON; read back through the caller's schema. */
  data: string;
  /** When the answer arrived, epoch ms. */
  at: number;
};

/** The `views` collection. */
export const viewSchema: RxJsonSchema<ViewDocType> = {
  title: 'views',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 300 },
    data: { type: 'string' },
    at: { type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 },
  },
  required: ['id', 'data', 'at'],
  additionalProperties: false,
};

/** Upgrades of stored views, one entry per schema version above 0. */
export const viewMigrationStrategies: MigrationStrategies = {};
