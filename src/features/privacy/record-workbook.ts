import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StudentRecordExport } from '../../../domain/schemas/privacy';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import type { ExportCell, ExportSheet } from '../shared/xlsx-export';

// A student's whole record as a workbook (GDPR Art. 20, docs/access-log.md "A student's data out"): the same
// rows as the JSON export, one sheet per table, headed in the downloader's language. Built on the device from
// the export's answer, like the other Excel exports, so the server answers one record shape.

/** Each table of the record as its sheet is named: what the part is (docs/access-log.md). */
export const RECORD_TABLE_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  users: msg`Account`,
  students: msg`Student profile`,
  user_universities: msg`Universities`,
  subject_students: msg`Subject enrolments`,
  class_students: msg`Class seats`,
  attendances: msg`Attendance`,
  attendance_history: msg`Attendance changes`,
  achievements: msg`Scores`,
  score_history: msg`Score changes`,
  results: msg`Final scores`,
  result_history: msg`Final score changes`,
  requests: msg`Requests`,
  notes: msg`Notes about the student`,
  stickies: msg`Dashboard cards`,
  notifications: msg`Notifications`,
  notification_settings: msg`Notification settings`,
  event_rankings: msg`Event rankings`,
  guardian_links: msg`Guardians`,
  access_log: msg`Access log`,
};

/** Each column of the record's tables as its heading reads; a column not listed keeps its own name. */
export const RECORD_COLUMN_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  absence_reasons: msg`Absence reasons`,
  accept_reason: msg`Reason for approving`,
  achievement_id: msg`Score ID`,
  actor_id: msg`Reader ID`,
  actor_role: msg`Reader's role`,
  at: msg`Time`,
  attendance_id: msg`Attendance ID`,
  attendance_kind: msg`Attendance kind`,
  author_id: msg`Author ID`,
  avatar: msg`Avatar`,
  changed_at: msg`Changed at`,
  changed_by: msg`Changed by (ID)`,
  class_id: msg`Class ID`,
  class_student_id: msg`Class seat ID`,
  comment: msg`Comment`,
  confirm_kind: msg`Confirmation kind`,
  content: msg`Content`,
  created_at: msg`Created at`,
  deactivated_at: msg`Deactivated at`,
  decided_at: msg`Decided at`,
  decided_by: msg`Decided by (ID)`,
  deleted: msg`Deleted`,
  email: msg`Email`,
  ended_at: msg`Ended at`,
  erased_at: msg`Erased at`,
  event_id: msg`Event ID`,
  faculty_id: msg`Faculty ID`,
  filed_by: msg`Filed by (ID)`,
  final_score: msg`Final score`,
  formula: msg`Formula`,
  full_score: msg`Full score`,
  guardian_id: msg`Guardian ID`,
  hash: msg`Hash`,
  highlight_id: msg`Highlight ID`,
  id: msg`ID`,
  identity: msg`Student ID`,
  jlpt: msg`JLPT`,
  kind: msg`Kind`,
  late_minutes: msg`Late minutes`,
  lesson_id: msg`Lesson ID`,
  locale: msg`Language`,
  login_blocked: msg`Sign-in blocked`,
  mail: msg`By mail`,
  memo_id: msg`Memo ID`,
  message: msg`Message`,
  must_change_password: msg`Must change password`,
  name: msg`Name`,
  name_kana: msg`Name (kana)`,
  new_absence_reasons: msg`New absence reasons`,
  new_comment: msg`New comment`,
  new_final_score: msg`New final score`,
  new_points: msg`New points`,
  new_status: msg`New status`,
  offline: msg`Entered offline`,
  old_absence_reasons: msg`Previous absence reasons`,
  old_comment: msg`Previous comment`,
  old_final_score: msg`Previous final score`,
  old_points: msg`Previous points`,
  old_status: msg`Previous status`,
  option: msg`Option`,
  params: msg`Parameters`,
  phone: msg`Phone`,
  plan_id: msg`Plan ID`,
  points: msg`Points`,
  prev_hash: msg`Previous hash`,
  rank: msg`Rank`,
  read_at: msg`Read at`,
  reject_reason: msg`Reason for rejecting`,
  request_id: msg`Request ID`,
  result_id: msg`Final score ID`,
  retire_at: msg`Retirement date`,
  role: msg`Role`,
  schedule_id: msg`Sitting ID`,
  scholarship: msg`Scholarship`,
  score: msg`Score`,
  score_name_id: msg`Score name ID`,
  seq: msg`Change number`,
  session_id: msg`Session`,
  status: msg`Status`,
  student_id: msg`Student record ID`,
  student_ids: msg`Students named (IDs)`,
  subject_id: msg`Subject ID`,
  subject_student_id: msg`Enrolment ID`,
  type: msg`Type`,
  university_id: msg`University ID`,
  updated_at: msg`Updated at`,
  url: msg`URL`,
  user_id: msg`Account ID`,
  web: msg`In the app`,
  what: msg`What was read`,
  year_code_id: msg`Year code ID`,
};

/** The words a record workbook is written in, in the downloader's language. */
export interface RecordWords {
  table: (name: string) => string;
  column: (name: string) => string;
  yes: string;
  no: string;
  /** The heading of a table with no row about the student. */
  nothing: string;
  summarySheet: string;
  summaryTitle: string;
  part: string;
  rows: string;
  /** A sheet's title row: the part, and whose record it is. */
  sheetTitle: (part: string) => string;
}

/** The words of `record`'s workbook in the active language of `i18n`. */
export function recordWords(i18n: I18n, record: StudentRecordExport): RecordWords {
  const { name, identity } = record.student;
  const exported = formatDate(record.exported_at, localeOrDefault(i18n.locale), 'dateTime');
  const label = (labels: Readonly<Record<string, MessageDescriptor>>, key: string) => {
    const descriptor = labels[key];
    return descriptor ? i18n._(descriptor) : key;
  };
  return {
    table: (table) => label(RECORD_TABLE_LABELS, table),
    column: (column) => label(RECORD_COLUMN_LABELS, column),
    yes: i18n._(msg`Yes`),
    no: i18n._(msg`No`),
    nothing: i18n._(msg`Nothing recorded.`),
    summarySheet: i18n._(msg`Contents`),
    summaryTitle: i18n._(msg`The record of ${name} (${identity}), exported ${exported}`),
    part: i18n._(msg`Part`),
    rows: i18n._(msg`Rows`),
    sheetTitle: (part) => i18n._(msg`${part}: ${name} (${identity})`),
  };
}

/** A stored value as a cell: numbers and text as they are, yes or no, lists joined, objects as JSON. */
function cellOf(value: unknown, words: RecordWords): ExportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
    return value.join(', ');
  return JSON.stringify(value);
}

/** The columns of a table's rows: every key any row has, in the order they first appear. */
function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/**
 * The record's sheets: first its contents (each part and how many rows it holds), then one sheet per table in
 * the export's order, with a title row naming the part and the student, the headings, and one row per row.
 */
export function recordSheets(record: StudentRecordExport, words: RecordWords): ExportSheet[] {
  const tables = Object.entries(record.tables);
  const contents: ExportSheet = {
    sheetName: words.summarySheet,
    title: words.summaryTitle,
    header: [words.part, words.rows],
    rows: tables.map(([table, rows]) => [words.table(table), rows.length]),
  };
  return [
    contents,
    ...tables.map(([table, rows]): ExportSheet => {
      const columns = columnsOf(rows);
      return {
        sheetName: words.table(table),
        title: words.sheetTitle(words.table(table)),
        header: columns.length > 0 ? columns.map(words.column) : [words.nothing],
        rows: rows.map((row) => columns.map((column) => cellOf(row[column], words))),
      };
    }),
  ];
}
