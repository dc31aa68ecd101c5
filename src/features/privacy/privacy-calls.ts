import type { I18n } from '@lingui/core';
import { callPath } from '../../../domain/permissions';
import type { StudentRecordExport } from '../../../domain/schemas/privacy';
import { type CallResult, type CallValue, callApi } from '../../api/call-api';
import { downloadBlob } from '../shared/download';
import { useCallView } from '../shared/use-call-view';
import { downloadWorkbook } from '../shared/xlsx-export';
import { recordSheets, recordWords } from './record-workbook';

// The access log and the record export (issue 46, docs/access-log.md) are online-only views
// (ARCHITECTURE §3): the last answer is kept on the device and shown "as of" its time while offline.

/** "Who looked at my record": the newest 50 reads of the signed-in student's record. */
export function useMyAccessLog() {
  return useCallView(callPath('GET /api/me/access-log'), 'GET /api/me/access-log');
}

/** An admin's view of a student's access log: the newest 50 reads of their record. */
export function useStudentAccessLog(studentId: string) {
  return useCallView(`access-log/student/${studentId}`, 'GET /api/students/:studentId/access-log', {
    params: { studentId },
  });
}

/** A guardian's view of who looked at one child's record (or the student's own): the newest 50 reads. */
export function useChildAccessLog(studentId: string) {
  return useCallView(`access-log/who-looked/${studentId}`, 'GET /api/students/:studentId/who-looked', {
    params: { studentId },
  });
}

/** An admin's view of one staff member's reads: the newest 50 (older pages through `staffAccessLogBefore`). */
export function useStaffAccessLog(userId: string) {
  return useCallView(`access-log/staff/${userId}`, 'GET /api/users/:userId/access-log', {
    params: { userId },
  });
}

/** The page of a staff member's reads older than entry `before`. */
export function staffAccessLogBefore(
  userId: string,
  before: number,
): Promise<CallResult<CallValue<'GET /api/users/:userId/access-log'>>> {
  return callApi('GET /api/users/:userId/access-log', { params: { userId }, query: { before } });
}

/** The file name of a record export: the student's name and the day, as a file system takes it. */
export function recordFileName(record: StudentRecordExport, extension: 'json' | 'xlsx' = 'json'): string {
  const name =
    record.student.name.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || record.student.identity;
  return `record-${name}-${record.exported_at.slice(0, 10)}.${extension}`;
}

/** Fetches the whole record of a student (`GET /api/students/:studentId/record`) and saves it as a JSON file. */
export async function downloadStudentRecord(studentId: string): Promise<CallResult<StudentRecordExport>> {
  const outcome = await callApi('GET /api/students/:studentId/record', { params: { studentId } });
  if (outcome.ok) {
    const text = JSON.stringify(outcome.value, null, 2);
    downloadBlob(recordFileName(outcome.value), new Blob([text], { type: 'application/json;charset=utf-8' }));
  }
  return outcome;
}

/**
 * Fetches the whole record of a student and saves it as an Excel workbook, one sheet per table, headed in the
 * language of `i18n` (`recordSheets`). A call that fails answers its failure; a workbook that cannot be made
 * rejects.
 */
export async function downloadStudentRecordWorkbook(
  studentId: string,
  i18n: I18n,
): Promise<CallResult<StudentRecordExport>> {
  const outcome = await callApi('GET /api/students/:studentId/record', { params: { studentId } });
  if (outcome.ok) {
    const sheets = recordSheets(outcome.value, recordWords(i18n, outcome.value));
    await downloadWorkbook(recordFileName(outcome.value, 'xlsx'), sheets);
  }
  return outcome;
}
