import type { WithDeleted } from 'rxdb';
import type { z } from 'zod';
import { masterDocSchema } from '../../domain/master';
import type { AccountRole } from '../../domain/roles';
import { SYNC_COLLECTION_ROLES } from '../../domain/sync';
import {
  achievementDocSchema,
  attendanceDocSchema,
  lessonDocSchema,
  noteDocSchema,
  notificationDocSchema,
  personDocSchema,
  requestDocSchema,
  scheduleDocSchema,
  stickyDocSchema,
  subjectDocSchema,
} from '../../domain/sync-docs';
import type { ReplicatedCollectionName } from '../db/open-database';

/** How the worker replicates one collection: its wire schema and who pushes it. */
export type ClientCollectionDef = {
  docSchema: z.ZodType<WithDeleted<{ id: string; updatedAt: number }>>;
  /** Roles that replicate the collection at all. */
  pullRoles: readonly AccountRole[];
  /** Roles whose writes to the collection are pushed; the server checks every row again. */
  pushRoles: readonly AccountRole[];
};

const roles = (name: ReplicatedCollectionName) => ({
  pullRoles: SYNC_COLLECTION_ROLES[name].pull,
  pushRoles: SYNC_COLLECTION_ROLES[name].push,
});

/** Every replicated collection's client side, by name. */
export const CLIENT_COLLECTIONS: Record<ReplicatedCollectionName, ClientCollectionDef> = {
  master: { docSchema: masterDocSchema, ...roles('master') },
  people: { docSchema: personDocSchema, ...roles('people') },
  attendance: { docSchema: attendanceDocSchema, ...roles('attendance') },
  achievements: { docSchema: achievementDocSchema, ...roles('achievements') },
  stickies: { docSchema: stickyDocSchema, ...roles('stickies') },
  notifications: { docSchema: notificationDocSchema, ...roles('notifications') },
  requests: { docSchema: requestDocSchema, ...roles('requests') },
  notes: { docSchema: noteDocSchema, ...roles('notes') },
  subjects: { docSchema: subjectDocSchema, ...roles('subjects') },
  schedules: { docSchema: scheduleDocSchema, ...roles('schedules') },
  lessons: { docSchema: lessonDocSchema, ...roles('lessons') },
};
