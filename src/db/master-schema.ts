import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import type { MasterDoc } from '../../domain/master';
import { MasterKind } from '../../domain/master';

/** A master row as stored locally: RxDB keeps the deleted flag itself, so it is not a schema field. */
export type MasterDocType = Omit<MasterDoc, '_deleted'>;

const nullableString = { type: ['string', 'null'] } as const;

/**
 * The `master` collection: every master kind in one collection with a `kind` field (ARCHITECTURE §3).
 * Indexed fields are required and bounded because Dexie cannot index optional fields.
 */
export const masterSchema: RxJsonSchema<MasterDocType> = {
  title: 'master',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    kind: { type: 'string', enum: Object.values(MasterKind), maxLength: 32 },
    name: { type: 'string', maxLength: 255 },
    universityId: nullableString,
    facultyId: nullableString,
    subjectNameId: nullableString,
    color: nullableString,
    startDate: nullableString,
    endDate: nullableString,
    updatedAt: { type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 },
  },
  required: [
    'id',
    'kind',
    'name',
    'universityId',
    'facultyId',
    'subjectNameId',
    'color',
    'startDate',
    'endDate',
    'updatedAt',
  ],
  indexes: [['kind', 'name']],
  additionalProperties: false,
};

/** Upgrades of stored master rows, one entry per schema version above 0. */
export const masterMigrationStrategies: MigrationStrategies = {};
