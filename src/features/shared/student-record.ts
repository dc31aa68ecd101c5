import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import { callApi } from '../../api/call-api';
import { useOnlineView } from '../../db/use-online-view';

/**
 * `GET /api/students/{id}/achievement-attendance`: one student's attendance and achievement across their
 * subjects, shown on the student's page and on the student report (one stored copy for both). A new `round`
 * reads it again under the same key (after the student was put in a class).
 */
export function useStudentRecord(studentId: string, round = 0) {
  const key = 'GET /api/students/:studentId/achievement-attendance';
  return useOnlineView(
    `students/${studentId}/achievement-attendance`,
    () => callApi(key, { params: { studentId } }),
    CALL_SCHEMAS[key].response,
    round,
  );
}
