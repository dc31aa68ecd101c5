import type { StatisticSearchRequest } from '../../../domain/schemas/statistics';
import { useCallView } from '../shared/use-call-view';

// Reports are online-only views (ARCHITECTURE §3): each answer is kept on the device under its call and
// parameters, and shown "as of" its time while offline; `offline_feature` where none was ever kept.

/** The students tab of the attendance report of a subject. */
export function useAttendanceReportStudents(subjectId: string) {
  return useCallView(`report/attendance/students/${subjectId}`, 'GET /api/attendance/report/students/:id', {
    params: { id: subjectId },
  });
}

/** The classes tab of the attendance report of a subject, with each class's sittings. */
export function useAttendanceReportClasses(subjectId: string) {
  return useCallView(`report/attendance/classes/${subjectId}`, 'GET /api/attendance/report/classes/:id', {
    params: { id: subjectId },
  });
}

/** The filter that leads to a subject (SPEC §3 defaultFilter), to set the cascade from a link. */
export function useAttendanceReportFilter(subjectId: string) {
  return useCallView(`report/attendance/filter/${subjectId}`, 'GET /api/attendance/report/filter/:id', {
    params: { id: subjectId },
  });
}

/** The subject a report opens on when none is chosen. */
export function useReportDefaultFilter() {
  return useCallView('report/default-filter', 'GET /api/report/default-filter');
}

/** The subject names of a university for the achievement report's cascade. */
export function useReportSubjectNames(universityId: string) {
  return useCallView(
    `report/subject-names/${universityId}`,
    'GET /api/report/universities/:universityId/subject-name',
    { params: { universityId } },
  );
}

/** The faculties with a subject of that name. */
export function useReportFaculties(universityId: string, subjectNameId: string) {
  return useCallView(
    `report/faculties/${universityId}/${subjectNameId}`,
    'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty',
    { params: { universityId, subjectNameId } },
  );
}

/** The year codes of a subject name in a faculty. */
export function useReportYearCodes(universityId: string, subjectNameId: string, facultyId: string) {
  return useCallView(
    `report/year-codes/${universityId}/${subjectNameId}/${facultyId}`,
    'GET /api/report/universities/:universityId/subject-name/:subjectNameId/faculty/:facultyId/year-code',
    { params: { universityId, subjectNameId, facultyId } },
  );
}

/** The classes of a subject name, faculty and year code with their size, GPA average and bands. */
export function useReportClasses(subjectNameId: string, facultyId: string, yearCodeId: string) {
  return useCallView(
    `report/data-classes/${subjectNameId}/${facultyId}/${yearCodeId}`,
    'GET /api/report/data-classes/:subjectNameId/:facultyId/:yearCodeId',
    { params: { subjectNameId, facultyId, yearCodeId } },
  );
}

/** Every student's sub-scores of an exam. */
export function useReportSubScores(lessonId: string, examNameId: string) {
  return useCallView(
    `report/sub-scores/${lessonId}/${examNameId}`,
    'GET /api/report/sub-scores/:lessonId/:examNameId',
    { params: { lessonId, examNameId } },
  );
}

/** The same exam's sub-score averages per year code. */
export function useReportYearCodeSubScores(lessonId: string, examNameId: string) {
  return useCallView(
    `report/year-code/sub-scores/${lessonId}/${examNameId}`,
    'GET /api/report/year-code/sub-scores/:lessonId/:examNameId',
    { params: { lessonId, examNameId } },
  );
}

/** Student counts per university, faculty and year code on a day. */
export function useStatistics(search: StatisticSearchRequest) {
  return useCallView(`statistic/search?${JSON.stringify(search)}`, 'POST /api/statistic/search', {
    body: search,
  });
}
