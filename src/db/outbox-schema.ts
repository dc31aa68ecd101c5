import type { MigrationStrategies, RxJsonSchema } from 'rxdb';

/** What an outbox entry records. */
export const OutboxKind = {
  /** A local write the server has not acknowledged yet. */
  pending: 'pending',
  /** A local write the server refused or overrode: the "sync issues" list. */
  issue: 'issue',
  /**
   * A push request as it left for the server, with its idempotency key and, once it came, the server's
   * answer: a restarted worker replays an unanswered one with the same key to learn what the server did.
   */
  sent: 'sent',
} as const;

export type OutboxKind = (typeof OutboxKind)[keyof typeof OutboxKind];

/**
 * One entry of the device's outbox. Never replicated: it describes this device's writes. `local` holds the
 * refused local row as JSON so a re-apply can write it again; for a `sent` entry, the request's rows and the
 * server's answer as JSON, and `docId` the request's idempotency key.
 */
export type OutboxDocType = {
  id: string;
  kind: OutboxKind;
  collectionName: string;
  docId: string;
  /** Whether any write of this row since its last acknowledged push was made offline. */
  offline: boolean;
  /** Local time of the entry's latest write (pending) or of the refusal (issue), epoch ms. */
  at: number;
  reason: string | null;
  fields: string[];
  local: string | null;
};

/** The `outbox` collection; `kind` is indexed (and so required) for the pending count and the issue list. */
export const outboxSchema: RxJsonSchema<OutboxDocType> = {
  title: 'outbox',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 300 },
    kind: { type: 'string', enum: Object.values(OutboxKind), maxLength: 16 },
    collectionName: { type: 'string', maxLength: 32 },
    docId: { type: 'string', maxLength: 200 },
    offline: { type: 'boolean' },
    at: { type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 },
    reason: { type: ['string', 'null'] },
    fields: { type: 'array', items: { type: 'string' } },
    local: { type: ['string', 'null'] },
  },
  required: ['id', 'kind', 'collectionName', 'docId', 'offline', 'at', 'reason', 'fields', 'local'],
  indexes: ['kind'],
  additionalProperties: false,
};

/** Upgrades of stored outbox entries, one entry per schema version above 0. */
export const outboxMigrationStrategies: MigrationStrategies = {
  // Version 1 added the `sent` kind; stored entries keep their shape.
  1: (entry: OutboxDocType) => entry,
};
