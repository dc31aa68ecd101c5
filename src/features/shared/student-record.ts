import { useCallView } from './use-call-view';

/**
 * `GET /api/students/{id}/achievement-attendance`: one student's attendance and achievement across their
 * subjects, shown on the student's page and on the student report (one stored copy for both). A new `round`
 * reads it again under the same key (after the student was put in a class).
 */
export function useStudentRecord(studentId: string, round = 0) {
  return useCallView(
    `students/${studentId}/achievement-attendance`,
    'GET /api/students/:studentId/achievement-attendance',
    { params: { studentId } },
    round,
  );
}
