import { CALL_SCHEMAS } from '../../../domain/schemas/calls';
import type { StatisticSearchRequest } from '../../../domain/schemas/statistics';
import { type CallValue, callApi } from '../../api/call-api';
import { type OnlineView, useOnlineView } from '../../db/use-online-view';

// Reports are online-only views (ARCHITECTURE §3): each answer is kept on the device under its call and
// parameters, and shown "as of" its time while offline; `offline_feature` where none was ever kept.

type Value<K extends Parameters<typeof callApi>[0]> = CallValue<K>;

/** The students tab of the attendance report of a subject. */
export function useAttendanceReportStudents(
  subjectId: string,
): OnlineView<Value<'GET /api/attendance/report/students/:id'>> {
  const key = 'GET /api/attendance/report/students/:id';
  return useOnlineView(
    `report/attendance/students/${subjectId}`,
    () => callApi(key, { params: { id: subjectId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** The classes tab of the attendance report of a subject, with each class's sittings. */
export function useAttendanceReportClasses(
  subjectId: string,
): OnlineView<Value<'GET /api/attendance/report/classes/:id'>> {
  const key = 'GET /api/attendance/report/classes/:id';
  return useOnlineView(
    `report/attendance/classes/${subjectId}`,
    () => callApi(key, { params: { id: subjectId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** The filter that leads to a subject (SPEC §3 defaultFilter), to set the cascade from a link. */
export function useAttendanceReportFilter(
  subjectId: string,
): OnlineView<Value<'GET /api/attendance/report/filter/:id'>> {
  const key = 'GET /api/attendance/report/filter/:id';
  return useOnlineView(
    `report/attendance/filter/${subjectId}`,
    () => callApi(key, { params: { id: subjectId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** The subject a report opens on when none is chosen. */
export function useReportDefaultFilter(): OnlineView<Value<'GET /api/report/default-filter'>> {
  const key = 'GET /api/report/default-filter';
  return useOnlineView('report/default-filter', () => callApi(key), CALL_SCHEMAS[key].response);
}

/** The subject names of a university for the achievement report's cascade. */
export function useReportSubjectNames(universityId: string) {
  const key = 'GET /api/report/universities/:universityId/subject-name';
  return useOnlineView(
    `report/subject-names/${universityId}`,
    () => callApi(key, { params: { universityId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** The faculties with a subject of that name. */
export function useReportFaculties(universityId: string, subjectNameId: string) {
  const key = 'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty';
  return useOnlineView(
    `report/faculties/${universityId}/${subjectNameId}`,
    () => callApi(key, { params: { universityId, subjectNameId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** The year codes of a subject name in a faculty. */
export function useReportYearCodes(universityId: string, subjectNameId: string, facultyId: string) {
  const key =
    'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty/:facultyId/year-code';
  return useOnlineView(
    `report/year-codes/${universityId}/${subjectNameId}/${facultyId}`,
    () => callApi(key, { params: { universityId, subjectNameId, facultyId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** The classes of a subject name, faculty and year code with their size, GPA average and bands. */
export function useReportClasses(subjectNameId: string, facultyId: string, yearCodeId: string) {
  const key = 'GET /api/report/data-classes/:subjectNameId/:facultyId/:yearCodeId';
  return useOnlineView(
    `report/data-classes/${subjectNameId}/${facultyId}/${yearCodeId}`,
    () => callApi(key, { params: { subjectNameId, facultyId, yearCodeId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** Every student's sub-scores of an exam. */
export function useReportSubScores(lessonId: string, examNameId: string) {
  const key = 'GET /api/report/sub-scores/:lessonId/:examNameId';
  return useOnlineView(
    `report/sub-scores/${lessonId}/${examNameId}`,
    () => callApi(key, { params: { lessonId, examNameId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** The same exam's sub-score averages per year code. */
export function useReportYearCodeSubScores(lessonId: string, examNameId: string) {
  const key = 'GET /api/report/year-code/sub-scores/:lessonId/:examNameId';
  return useOnlineView(
    `report/year-code/sub-scores/${lessonId}/${examNameId}`,
    () => callApi(key, { params: { lessonId, examNameId } }),
    CALL_SCHEMAS[key].response,
  );
}

/** Student counts per university, faculty and year code on a day. */
export function useStatistics(search: StatisticSearchRequest) {
  const key = 'POST /api/statistic/search';
  return useOnlineView(
    `statistic/search?${JSON.stringify(search)}`,
    () => callApi(key, { body: search }),
    CALL_SCHEMAS[key].response,
  );
}
