import { setupI18n } from '@lingui/core';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { StudentRecordExport } from '../../../domain/schemas/privacy';
import { loadCatalog } from '../../i18n/i18n';
import { buildWorkbook } from '../shared/xlsx-export';
import { RECORD_COLUMN_LABELS, RECORD_TABLE_LABELS, recordSheets, recordWords } from './record-workbook';

const STUDENT = 'b0c0a0d0-0000-4000-8000-000000000001';
const USER = 'b0c0a0d0-0000-4000-8000-000000000002';
const STAFF = 'b0c0a0d0-0000-4000-8000-000000000003';
const stamp = {
  seq: 4,
  deleted: false,
  created_at: '2026-04-01T00:00:00Z',
  updated_at: '2026-04-02T00:00:00Z',
};

/**
 * A student's record as `GET /api/students/{id}/record` answers it: every table the export hands out
 * (docs/access-log.md), in its order, each with the rows of one student, one table empty.
 */
const record: StudentRecordExport = {
  exported_at: '2026-11-29T03:00:00.000Z',
  student: { id: STUDENT, identity: 'S-2026-001', name: '山田 花子' },
  tables: {
    users: [
      {
        id: USER,
        email: 'hanako@demo.test',
        name: '山田 花子',
        name_kana: 'ヤマダ ハナコ',
        phone: null,
        role: 5,
        must_change_password: false,
        avatar: null,
        retire_at: null,
        login_blocked: false,
        deactivated_at: null,
        erased_at: null,
        locale: 'ja',
        ...stamp,
      },
    ],
    students: [
      {
        id: STUDENT,
        user_id: USER,
        identity: 'S-2026-001',
        university_id: 'u1',
        faculty_id: 'f1',
        year_code_id: 'y1',
        jlpt: 2,
        scholarship: true,
        ...stamp,
      },
    ],
    user_universities: [{ id: 'uu1', user_id: USER, university_id: 'u1', ...stamp }],
    subject_students: [{ id: 'ss1', subject_id: 'p1', university_id: 'u1', student_id: STUDENT, ...stamp }],
    class_students: [
      {
        id: 'cs1',
        subject_id: 'p1',
        university_id: 'u1',
        class_id: 'c1',
        student_id: STUDENT,
        subject_student_id: 'ss1',
        ...stamp,
      },
    ],
    attendances: [
      {
        id: 'a1',
        subject_id: 'p1',
        university_id: 'u1',
        class_student_id: 'cs1',
        student_id: STUDENT,
        schedule_id: 'sc1',
        status: 2,
        late_minutes: 10,
        absence_reasons: null,
        comment: '=電車遅延',
        ...stamp,
      },
    ],
    attendance_history: [
      {
        id: 'ah1',
        attendance_id: 'a1',
        subject_id: 'p1',
        changed_by: STAFF,
        changed_at: '2026-04-10T01:00:00Z',
        old_status: null,
        new_status: 2,
        old_absence_reasons: null,
        new_absence_reasons: null,
        old_comment: null,
        new_comment: '=電車遅延',
        offline: false,
        request_id: null,
      },
    ],
    achievements: [
      {
        id: 'ac1',
        subject_id: 'p1',
        university_id: 'u1',
        subject_student_id: 'ss1',
        student_id: STUDENT,
        score_name_id: 'sn1',
        full_score: 100,
        schedule_id: null,
        points: 87.5,
        comment: null,
        ...stamp,
      },
    ],
    score_history: [],
    results: [
      {
        id: 'r1',
        subject_id: 'p1',
        university_id: 'u1',
        subject_student_id: 'ss1',
        student_id: STUDENT,
        final_score: 88,
        formula: true,
        comment: null,
        ...stamp,
      },
    ],
    result_history: [
      {
        id: 'rh1',
        result_id: 'r1',
        subject_id: 'p1',
        changed_by: STAFF,
        changed_at: '2026-04-20T01:00:00Z',
        old_final_score: null,
        new_final_score: 88,
        old_comment: null,
        new_comment: null,
        offline: true,
      },
    ],
    requests: [
      {
        id: 'rq1',
        subject_id: 'p1',
        university_id: 'u1',
        student_id: STUDENT,
        class_id: 'c1',
        schedule_id: 'sc1',
        score_name_id: null,
        type: 1,
        status: 1,
        option: 1,
        attendance_kind: 2,
        confirm_kind: null,
        accept_reason: null,
        late_minutes: 10,
        points: null,
        content: '電車が遅れました',
        reject_reason: null,
        decided_by: STAFF,
        filed_by: USER,
        decided_at: '2026-04-11T00:00:00Z',
        ...stamp,
      },
    ],
    notes: [
      {
        id: 'n1',
        subject_id: 'p1',
        university_id: 'u1',
        lesson_id: 'l1',
        student_id: STUDENT,
        content: '発表が上手',
        author_id: STAFF,
        ...stamp,
      },
    ],
    stickies: [
      {
        id: 'st1',
        user_id: USER,
        type: 3,
        status: 0,
        content: null,
        university_id: 'u1',
        subject_id: 'p1',
        year_code_id: null,
        lesson_id: null,
        class_id: null,
        schedule_id: null,
        highlight_id: 'h1',
        plan_id: null,
        memo_id: null,
        request_id: null,
        student_id: STUDENT,
        ...stamp,
      },
    ],
    notifications: [
      {
        id: 'no1',
        user_id: USER,
        message: 'request_approved',
        url: '/requests/rq1',
        params: { subject: '日本語' },
        read_at: null,
        ...stamp,
      },
    ],
    notification_settings: [{ user_id: USER, web: true, mail: false, updated_at: '2026-04-01T00:00:00Z' }],
    event_rankings: [
      {
        id: 'er1',
        event_id: 'e1',
        user_id: USER,
        rank: 3,
        score: 420,
        created_at: '2026-05-01T00:00:00Z',
        updated_at: '2026-05-01T00:00:00Z',
      },
    ],
    guardian_links: [
      {
        id: 'g1',
        guardian_id: STAFF,
        student_id: STUDENT,
        created_at: '2026-04-01T00:00:00Z',
        ended_at: null,
      },
    ],
    access_log: [
      {
        id: 7,
        at: '2026-11-28T01:00:00Z',
        actor_id: STAFF,
        actor_role: 2,
        session_id: 'abc',
        kind: 'class_sheet',
        what: { call: 'GET /api/attendance/:subjectClassId', subjectClassId: 'c1' },
        student_ids: [STUDENT, 'other'],
        prev_hash: '00',
        hash: 'ff',
      },
    ],
  },
};

async function japaneseWorkbook(): Promise<ExcelJS.Workbook> {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'ja', messages: await loadCatalog('ja', true) });
  const buffer = await buildWorkbook(recordSheets(record, recordWords(i18n, record)));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  return workbook;
}

/** A sheet's rows as plain values, from its first row. */
function valuesOf(sheet: ExcelJS.Worksheet | undefined): unknown[][] {
  const rows: unknown[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1));
  });
  return rows;
}

describe('the record as a workbook', () => {
  it('names every table and every column of the export, so no heading shows a stored name', () => {
    for (const [table, rows] of Object.entries(record.tables)) {
      expect(RECORD_TABLE_LABELS, table).toHaveProperty(table);
      for (const column of Object.keys(rows[0] ?? {}))
        expect(RECORD_COLUMN_LABELS, column).toHaveProperty(column);
    }
  });

  it('holds a sheet per part, headed in the downloader’s language, with the student’s rows', async () => {
    const workbook = await japaneseWorkbook();
    const names = workbook.worksheets.map((sheet) => sheet.name);
    // The contents, then one sheet per table of the export, in its order.
    expect(names).toHaveLength(1 + Object.keys(record.tables).length);
    expect(names.slice(0, 3)).toEqual(['目次', 'アカウント', '学生情報']);
    expect(names).toContain('出欠');
    expect(names).toContain('アクセス記録');

    const contents = valuesOf(workbook.getWorksheet('目次'));
    expect(contents[0]?.[0]).toMatch(/^山田 花子（S-2026-001）の記録、2026.+ に出力$/);
    expect(contents[1]).toEqual(['項目', '件数']);
    expect(contents.slice(2)).toContainEqual(['出欠', 1]);
    expect(contents.slice(2)).toContainEqual(['成績の変更履歴', 0]);

    const attendance = valuesOf(workbook.getWorksheet('出欠'));
    expect(attendance[0]?.[0]).toBe('出欠：山田 花子（S-2026-001）');
    const header = attendance[1] ?? [];
    expect(header).toContain('遅刻時間（分）');
    expect(header).toContain('学生レコードID');
    const row = attendance[2] ?? [];
    expect(row[header.indexOf('学生レコードID')]).toBe(STUDENT);
    expect(row[header.indexOf('遅刻時間（分）')]).toBe(10);
    // A comment a spreadsheet would run as a formula stays text.
    expect(row[header.indexOf('コメント')]).toBe("'=電車遅延");

    const profile = valuesOf(workbook.getWorksheet('学生情報'));
    const profileHeader = profile[1] ?? [];
    expect(profile[2]?.[profileHeader.indexOf('学籍番号')]).toBe('S-2026-001');
    expect(profile[2]?.[profileHeader.indexOf('奨学金')]).toBe('はい');

    const log = valuesOf(workbook.getWorksheet('アクセス記録'));
    const logHeader = log[1] ?? [];
    expect(log[2]?.[logHeader.indexOf('対象の学生ID')]).toBe(`${STUDENT}, other`);
    expect(JSON.parse(String(log[2]?.[logHeader.indexOf('閲覧した内容')]))).toEqual({
      call: 'GET /api/attendance/:subjectClassId',
      subjectClassId: 'c1',
    });

    // A part with nothing about the student says so.
    expect(valuesOf(workbook.getWorksheet('成績の変更履歴'))[1]).toEqual(['記録はありません。']);
    // Loading the Japanese catalogue and exceljs takes seconds on a loaded machine.
  }, 30_000);
});
