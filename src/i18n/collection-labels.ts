import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SyncCollection } from '../../domain/sync';

/**
 * What each replicated collection holds, in the words a user knows (the first sync's progress names the
 * collection it is bringing). A new collection of the registry must be named here.
 */
export const SYNC_COLLECTION_LABELS: Record<SyncCollection, MessageDescriptor> = {
  master: msg`Master data`,
  people: msg`Users`,
  attendance: msg`Attendance`,
  achievements: msg`Scores`,
  stickies: msg`Dashboard cards`,
  notifications: msg`Notifications`,
  requests: msg`Requests`,
  notes: msg`Plans, notes and memos`,
  subjects: msg`Subjects and classes`,
  schedules: msg`Schedules`,
  lessons: msg`Lessons and exams`,
};
