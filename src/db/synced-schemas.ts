import type { SyncCollection } from '../../domain/sync';
import type { SYNC_DOC_SCHEMAS } from '../../domain/sync-docs';
import type { StoredDoc } from './rx-schema';

/** A replicated collection's document as stored locally: its wire document without the deleted flag. */
export type SyncedDocType<Name extends SyncCollection> = StoredDoc<(typeof SYNC_DOC_SCHEMAS)[Name]>;

/** A person as stored locally. */
export type PersonDocType = SyncedDocType<'people'>;
/** A request as stored locally. */
export type RequestDocType = SyncedDocType<'requests'>;
/** A memo, plan, plan note or note as stored locally. */
export type NoteDocType = SyncedDocType<'notes'>;
/** An attendance as stored locally. */
export type AttendanceDocType = SyncedDocType<'attendance'>;
/** A score or a result as stored locally. */
export type AchievementDocType = SyncedDocType<'achievements'>;
/** A dashboard card as stored locally. */
export type StickyDocType = SyncedDocType<'stickies'>;
/** A notification as stored locally. */
export type NotificationDocType = SyncedDocType<'notifications'>;
/** A subject, class, class student, score name or highlight as stored locally. */
export type SubjectDocType = SyncedDocType<'subjects'>;
/** A schedule as stored locally. */
export type ScheduleDocType = SyncedDocType<'schedules'>;
/** A lesson or exam as stored locally. */
export type LessonDocType = SyncedDocType<'lessons'>;
