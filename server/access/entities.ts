import type { SyncCollection } from '../../domain/sync';
import type { Entity } from './rules';

/**
 * The kinds of row each sync collection replicates, by the rules' table (docs/access.md): the matrix test
 * holds every collection's pull to these entities' read rules, so a new collection names its entities here
 * before it can pass.
 */
export const COLLECTION_ENTITIES: Record<SyncCollection, readonly Entity[]> = {
  master: ['master'],
  people: ['person'],
  attendance: ['classWork'],
  achievements: ['classWork'],
  stickies: ['sticky'],
  notifications: ['notification'],
  requests: ['request'],
  notes: ['plan', 'staffNote'],
  subjects: ['subject'],
  schedules: ['lesson'],
  lessons: ['lesson'],
};
