import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { attendanceStatusSchema } from '../../domain/attendance';
import { lessonPlanStatus, planPublishSchema } from '../../domain/lessons';
import type { SyncCollection } from '../../domain/sync';
import { STATUS_LABELS } from '../i18n/attendance-status-labels';
import { PLAN_STATUS_LABELS } from '../i18n/plan-status-labels';
import type { SyncedDocType } from './synced-schemas';

/**
 * How the sync issue list words a refused write of one collection. Kept apart from the storage definitions
 * (`synced-collections.ts`) because the worker and the Node sync tests open the database without the Lingui
 * macro compiler.
 */
export type CollectionWording<Name extends SyncCollection> = {
  /** What a write of the collection is, for an issue the device cannot name more closely. */
  label: MessageDescriptor;
  /** The fields a user writes, in the words of the screens they were written on. */
  fields?: { [Field in keyof SyncedDocType<Name>]?: MessageDescriptor };
  /** The word for a written value that is a code (an attendance status by its label); null to show it as is. */
  valueLabel?: (field: string, value: unknown) => MessageDescriptor | null;
};

/** The wording of every replicated collection, by the registry's names: a new collection must be worded. */
export const SYNCED_COLLECTION_WORDING: { [Name in SyncCollection]: CollectionWording<Name> } = {
  attendance: {
    label: msg`Attendance`,
    fields: {
      status: msg`Attendance status`,
      lateMinutes: msg`Minutes late`,
      absenceReasons: msg`Absence reasons`,
      comment: msg`Comment`,
    },
    valueLabel: (field, value) => {
      if (field !== 'status') return null;
      const status = attendanceStatusSchema.safeParse(value);
      return status.success ? STATUS_LABELS[status.data] : null;
    },
  },
  achievements: {
    label: msg`Score`,
    fields: { points: msg`Score`, finalScore: msg`Final score`, comment: msg`Comment` },
  },
  notifications: { label: msg`Notification`, fields: { read: msg`Read` } },
  requests: { label: msg`Request` },
  stickies: { label: msg`Dashboard card` },
  notes: {
    label: msg`Lesson plan or note`,
    fields: {
      content: msg`Plan content`,
      publish: msg`Plan status`,
      links: msg`Links`,
      contactToStudent: msg`Contact links for students`,
    },
    valueLabel: (field, value) => {
      if (field !== 'publish') return null;
      const publish = planPublishSchema.safeParse(value);
      return publish.success ? PLAN_STATUS_LABELS[lessonPlanStatus({ publish: publish.data })] : null;
    },
  },
  master: { label: msg`Master data` },
  people: { label: msg`User` },
  subjects: { label: msg`Subject` },
  schedules: { label: msg`Schedule` },
  lessons: { label: msg`Lesson` },
};

/** A collection's wording as the sync issue list reads it, whatever the collection. */
export type IssueWording = {
  label: MessageDescriptor;
  fieldLabel(field: string): MessageDescriptor | null;
  valueLabel(field: string, value: unknown): MessageDescriptor | null;
};

/** The wording of the collection an outbox entry names, or null for a name this build does not know. */
export function issueWording(collectionName: string): IssueWording | null {
  const found = Object.entries(SYNCED_COLLECTION_WORDING).find(([name]) => name === collectionName)?.[1];
  if (!found) return null;
  const fields: Partial<Record<string, MessageDescriptor>> = found.fields ?? {};
  return {
    label: found.label,
    fieldLabel: (field) => fields[field] ?? null,
    valueLabel: (field, value) => found.valueLabel?.(field, value) ?? null,
  };
}
