import { MasterKind, type MasterSettingTab } from './master-kind';

/** URL segments of `/api/master-setting/{segment}` (SPEC §7) and the kind each one edits. */
export const MASTER_SETTING_SEGMENTS = {
  'year-codes': MasterKind.yearCodes,
  universities: MasterKind.universities,
  classes: MasterKind.classNames,
  exams: MasterKind.examNames,
  rooms: MasterKind.rooms,
  subjects: MasterKind.subjectNames,
  faculties: MasterKind.faculties,
} as const satisfies Record<string, MasterSettingTab>;

export type MasterSettingSegment = keyof typeof MASTER_SETTING_SEGMENTS;

/**
 * What still uses a master row that an admin tries to delete (a 409 answer's `code`, worded by the app). A row
 * in use is never deleted, so no sitting, student or subject is left pointing at a deleted name.
 */
export const MasterInUseCode = {
  faculties: 'in_use_by_faculties',
  yearCodes: 'in_use_by_year_codes',
  classNames: 'in_use_by_class_names',
  examNames: 'in_use_by_exam_names',
  rooms: 'in_use_by_rooms',
  staff: 'in_use_by_staff',
  students: 'in_use_by_students',
  subjects: 'in_use_by_subjects',
  classes: 'in_use_by_classes',
  exams: 'in_use_by_exams',
  sittings: 'in_use_by_sittings',
  events: 'in_use_by_events',
} as const;
export type MasterInUseCode = (typeof MasterInUseCode)[keyof typeof MasterInUseCode];

/** The 18-colour palette of year codes (SPEC §3). */
export const YEAR_CODE_COLORS = [
  '#e53935',
  '#d81b60',
  '#8e24aa',
  '#5e35b1',
  '#3949ab',
  '#1e88e5',
  '#039be5',
  '#00acc1',
  '#00897b',
  '#43a047',
  '#7cb342',
  '#c0ca33',
  '#fdd835',
  '#ffb300',
  '#fb8c00',
  '#f4511e',
  '#6d4c41',
  '#546e7a',
] as const;

// The schemas of master rows and the types they parse are in `sync-docs.ts` (the synced row) and
// `schemas/master-setting.ts` (the calls), so these names and codes load without zod: the sign-in page's
// error messages use them.
