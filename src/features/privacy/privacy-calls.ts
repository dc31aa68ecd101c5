import { callPath } from '../../../domain/permissions';
import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import type { StudentRecordExport } from '../../../domain/schemas/privacy';
import { type CallResult, type CallValue, callApi } from '../../api/call-api';
import { type OnlineView, useOnlineView } from '../../db/use-online-view';
import { downloadBlob } from '../shared/download';

// The access log and the record export (issue 46, docs/access-log.md) are online-only views
// (ARCHITECTURE §3): the last answer is kept on the device and shown "as of" its time while offline.

/** "Who looked at my record": the newest 50 reads of the signed-in student's record. */
export function useMyAccessLog(): OnlineView<CallValue<'GET /api/me/access-log'>> {
  const key = 'GET /api/me/access-log';
  return useOnlineView(callPath(key), () => callApi(key), CALL_SCHEMAS[key].response);
}

/** An admin's view of a student's access log: the newest 50 reads of their record. */
export function useStudentAccessLog(
  studentId: string,
): OnlineView<CallValue<'GET /api/students/:studentId/access-log'>> {
  const key = 'GET /api/students/:studentId/access-log';
  return useOnlineView(
    `access-log/student/${studentId}`,
    () => callApi(key, { params: { studentId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** The file name of a record export: the student's name and the day, as a file system takes it. */
export function recordFileName(record: StudentRecordExport): string {
  const name =
    record.student.name.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || record.student.identity;
  return `record-${name}-${record.exported_at.slice(0, 10)}.json`;
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
