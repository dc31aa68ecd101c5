import type { PublishState } from '../../../domain/lessons';
import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import type { HighlightWrite } from '../../../domain/schemas/highlights';
import type { ExamWrite, LessonWrite } from '../../../domain/schemas/lessons';
import type { MemoWrite } from '../../../domain/schemas/memos';
import type {
  AddStudentsToClassesRequest,
  AssistLessonsRequest,
  CopySubjectRequest,
  SubjectSearchQuery,
  SubjectWrite,
} from '../../../domain/schemas/subjects';
import { type CallResult, type CallValue, callApi } from '../../api/call-api';
import { type OnlineView, useOnlineView } from '../../db/use-online-view';
import { useCallView } from '../shared/use-call-view';

// The online calls of the subject screens (SPEC §7 Subjects): one function per call, each a `callApi`.

type Subject = CallValue<'GET /api/academic/subjects/:subjectId'>;
type Lesson = CallValue<'POST /api/academic/subjects/:subjectId/lessons'>;

/** `GET /api/academic/subjects/{id}`: the subject with classes and lessons. */
export function readSubject(subjectId: string): Promise<CallResult<Subject>> {
  return callApi('GET /api/academic/subjects/:subjectId', { params: { subjectId } });
}

/** The subject as an online view (kept on the device for offline reading). */
export function useSubject(subjectId: string): OnlineView<Subject> {
  return useOnlineView(
    `academic/subjects/${subjectId}`,
    () => readSubject(subjectId),
    CALL_SCHEMAS['GET /api/academic/subjects/:subjectId'].response,
  );
}

/** `GET .../search`: subjects a student may register in (and every subject the caller may open). */
export function useSubjectSearch(query: Partial<SubjectSearchQuery>, enabled: boolean) {
  return useOnlineView(
    `academic/subjects/search?${JSON.stringify(query)}`,
    async () =>
      enabled
        ? callApi('GET /api/academic/subjects/search', { query })
        : { ok: true as const, value: { data: [], meta: { pagination: emptyPage } } },
    CALL_SCHEMAS['GET /api/academic/subjects/search'].response,
  );
}

const emptyPage = { count: 0, current_page: 1, per_page: 10, total: 0, total_pages: 0, links: {} };

/** `POST .../validate-subject` then `POST /api/academic/subjects`, or `POST .../{id}` for an edit. */
export async function saveSubject(
  subjectId: string | null,
  body: SubjectWrite,
): Promise<CallResult<Subject>> {
  if (subjectId !== null)
    return callApi('POST /api/academic/subjects/:subjectId', { params: { subjectId }, body });
  const checked = await callApi('POST /api/academic/subjects/validate-subject', { body });
  if (!checked.ok) return checked;
  return callApi('POST /api/academic/subjects', { body });
}

/** `DELETE /api/academic/subjects/{id}`. */
export function deleteSubject(subjectId: string) {
  return callApi('DELETE /api/academic/subjects/:subjectId', { params: { subjectId } });
}

/** The lessons of one tab: published (`lessons`) or drafts (`lessons-draft`), read again on each `round`. */
export function useSubjectLessons(subjectId: string, publish: PublishState, round: number) {
  const key = publish === 0 ? 'lessons-draft' : 'lessons';
  return useOnlineView(
    `academic/subjects/${subjectId}/${key}`,
    () =>
      publish === 0
        ? callApi('GET /api/academic/subjects/:subjectId/lessons-draft', { params: { subjectId } })
        : callApi('GET /api/academic/subjects/:subjectId/lessons', { params: { subjectId } }),
    CALL_SCHEMAS['GET /api/academic/subjects/:subjectId/lessons'].response,
    round,
  );
}

/** `GET .../notes`. */
export function useSubjectNotes(subjectId: string) {
  return useCallView(`academic/subjects/${subjectId}/notes`, 'GET /api/academic/subjects/:subjectId/notes', {
    params: { subjectId },
  });
}

/** `GET .../get-students-with-gpa`. */
export function useStudentsWithGpa(subjectId: string) {
  return useCallView(
    `academic/subjects/${subjectId}/get-students-with-gpa`,
    'GET /api/academic/subjects/:subjectId/get-students-with-gpa',
    { params: { subjectId } },
  );
}

/** `GET .../formula`. */
export function readFormula(subjectId: string) {
  return callApi('GET /api/academic/subjects/:subjectId/formula', { params: { subjectId } });
}

/** `POST .../formula`. */
export function saveFormula(subjectId: string, formula: string) {
  return callApi('POST /api/academic/subjects/:subjectId/formula', {
    params: { subjectId },
    body: { formula },
  });
}

/** `POST .../register-student` or `/cancel-register-student` for the signed-in student. */
export function setRegistration(subjectId: string, classId: string, register: boolean) {
  const input = { params: { subjectId }, body: { class_id: classId } };
  return register
    ? callApi('POST /api/academic/subjects/:subjectId/register-student', input)
    : callApi('POST /api/academic/subjects/:subjectId/cancel-register-student', input);
}

/** `POST .../add-students-to-classes`. */
export function addStudentsToClasses(subjectId: string, body: AddStudentsToClassesRequest) {
  return callApi('POST /api/academic/subjects/:subjectId/add-students-to-classes', {
    params: { subjectId },
    body,
  });
}

/** `GET .../lessons/{id}/detail`. */
export function readLessonDetail(subjectId: string, lessonId: string) {
  return callApi('GET /api/academic/subjects/:subjectId/lessons/:lessonId/detail', {
    params: { subjectId, lessonId },
  });
}

/** The four lesson writes and their four exam forms, chosen by new/existing, lesson/exam and draft/publish. */
export function saveLesson(
  subjectId: string,
  lessonId: string | null,
  exam: boolean,
  draft: boolean,
  body: LessonWrite | ExamWrite,
): Promise<CallResult<Lesson>> {
  if (exam) {
    const examBody = body as ExamWrite;
    if (lessonId === null) {
      return draft
        ? callApi('POST /api/academic/subjects/:subjectId/lessons/store-draft-exam', {
            params: { subjectId },
            body: examBody,
          })
        : callApi('POST /api/academic/subjects/:subjectId/lessons/exam', {
            params: { subjectId },
            body: examBody,
          });
    }
    const params = { subjectId, lessonId };
    return draft
      ? callApi('POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam-draft', {
          params,
          body: examBody,
        })
      : callApi('POST /api/academic/subjects/:subjectId/lessons/:lessonId/exam', { params, body: examBody });
  }
  if (lessonId === null) {
    return draft
      ? callApi('POST /api/academic/subjects/:subjectId/lessons/draft', { params: { subjectId }, body })
      : callApi('POST /api/academic/subjects/:subjectId/lessons', { params: { subjectId }, body });
  }
  const params = { subjectId, lessonId };
  return draft
    ? callApi('POST /api/academic/subjects/:subjectId/lessons/:lessonId/draft', { params, body })
    : callApi('POST /api/academic/subjects/:subjectId/lessons/:lessonId', { params, body });
}

/** `DELETE .../lessons/{id}`. */
export function deleteLesson(subjectId: string, lessonId: string) {
  return callApi('DELETE /api/academic/subjects/:subjectId/lessons/:lessonId', {
    params: { subjectId, lessonId },
  });
}

/** `DELETE /api/subjects/{subjectId}/lessons/{lessonId}/schedules/{id}`. */
export function deleteSchedule(subjectId: string, lessonId: string, scheduleId: string) {
  return callApi('DELETE /api/subjects/:subjectId/lessons/:lessonId/schedules/:scheduleId', {
    params: { subjectId, lessonId, scheduleId },
  });
}

/** `GET .../first-schedule-of-classes`: the copy table's rows. */
export function readCopyRows(subjectId: string) {
  return callApi('GET /api/academic/subjects/:subjectId/first-schedule-of-classes', {
    params: { subjectId },
  });
}

/** `POST .../copy`. */
export function copySubject(subjectId: string, body: CopySubjectRequest) {
  return callApi('POST /api/academic/subjects/:subjectId/copy', { params: { subjectId }, body });
}

/** `POST .../public-lessons-after-copy` for one batch. */
export function publishCopiedLessons(subjectId: string, lessonsId: string[]) {
  return callApi('POST /api/academic/subjects/:subjectId/public-lessons-after-copy', {
    params: { subjectId },
    body: { lessonsId },
  });
}

/** `POST .../{id}/publish`: registers a draft subject (a copy saved temporarily) with its draft lessons. */
export function publishSubject(subjectId: string): Promise<CallResult<Subject>> {
  return callApi('POST /api/academic/subjects/:subjectId/publish', { params: { subjectId } });
}

/** `GET .../lessons/{lessonId}/studentsInLesson`. */
export function readLessonStudents(subjectId: string, lessonId: string) {
  return callApi('GET /api/academic/subjects/:subjectId/lessons/:lessonId/studentsInLesson', {
    params: { subjectId, lessonId },
  });
}

/** `GET .../highlights` (shown) or `.../hidden-highlights`, refreshed by `round`. */
export function useHighlights(subjectId: string, hidden: boolean, round: number) {
  return useOnlineView(
    `academic/subjects/${subjectId}/${hidden ? 'hidden-highlights' : 'highlights'}`,
    () =>
      hidden
        ? callApi('GET /api/academic/subjects/:subjectId/hidden-highlights', { params: { subjectId } })
        : callApi('GET /api/academic/subjects/:subjectId/highlights', { params: { subjectId } }),
    CALL_SCHEMAS['GET /api/academic/subjects/:subjectId/highlights'].response,
    round,
  );
}

/** `POST .../highlights` (new) or `.../highlights/{id}`. */
export function saveHighlight(subjectId: string, highlightId: string | null, body: HighlightWrite) {
  return highlightId === null
    ? callApi('POST /api/academic/subjects/:subjectId/highlights', { params: { subjectId }, body })
    : callApi('POST /api/academic/subjects/:subjectId/highlights/:highlightId', {
        params: { subjectId, highlightId },
        body,
      });
}

/** `DELETE .../highlights/{id}`. */
export function deleteHighlight(subjectId: string, highlightId: string) {
  return callApi('DELETE /api/academic/subjects/:subjectId/highlights/:highlightId', {
    params: { subjectId, highlightId },
  });
}

/** `POST .../highlights/priority`: every live highlight id of the subject in the new order. */
export function reorderHighlights(subjectId: string, ids: string[]) {
  return callApi('POST /api/academic/subjects/:subjectId/highlights/priority', {
    params: { subjectId },
    body: { ids },
  });
}

/** `GET /api/memo/{subjectId}/check-teacher-in-subject`: whether the caller teaches the subject (SPEC §6). */
export function checkMemoWriter(subjectId: string) {
  return callApi('GET /api/memo/:subjectId/check-teacher-in-subject', { params: { subjectId } });
}

/** `POST /api/memo` (new) or `/api/memo/{id}`. */
export function saveMemo(memoId: string | null, body: MemoWrite) {
  return memoId === null
    ? callApi('POST /api/memo', { body })
    : callApi('POST /api/memo/:memoId', { params: { memoId }, body });
}

/** `DELETE /api/memo/{id}`. */
export function deleteMemo(memoId: string) {
  return callApi('DELETE /api/memo/:memoId', { params: { memoId } });
}

/** `GET .../highlights/{id}`: the highlight and the students it flags now. */
export function useHighlightDetail(subjectId: string, highlightId: string) {
  return useCallView(
    `academic/subjects/${subjectId}/highlights/${highlightId}`,
    'GET /api/academic/subjects/:subjectId/highlights/:highlightId',
    { params: { subjectId, highlightId } },
  );
}

/** `GET .../highlights/list-score`: the subject's students with their GPA (the borderline list). */
export function useHighlightScoreList(subjectId: string) {
  return useCallView(
    `academic/subjects/${subjectId}/highlights/list-score`,
    'GET /api/academic/subjects/:subjectId/highlights/list-score',
    { params: { subjectId } },
  );
}

/** `GET .../assist-lessons`: the subject's lessons with their assist setting, read again on each `round`. */
export function useAssistLessons(subjectId: string, round: number) {
  return useCallView(
    `academic/subjects/${subjectId}/assist-lessons`,
    'GET /api/academic/subjects/:subjectId/assist-lessons',
    { params: { subjectId } },
    round,
  );
}

/** `POST .../assist-lessons`. */
export function saveAssistLessons(subjectId: string, body: AssistLessonsRequest) {
  return callApi('POST /api/academic/subjects/:subjectId/assist-lessons', { params: { subjectId }, body });
}
