import { combineLatest, map, of, switchMap } from 'rxjs';
import { outsideDrafts, PublishState } from '../../../domain/lessons';
import { MasterKind } from '../../../domain/master-kind';
import type { AccountRole } from '../../../domain/roles';
import { SyncCollection } from '../../../domain/sync';
import { AchievementDocKind, SubjectDocKind } from '../../../domain/sync-docs';
import type { SchoolDatabase } from '../../db/open-database';
import { writeStates$ } from '../../db/outbox';
import { subjectAchievements$ } from '../../db/queries/achievements';
import { type StudentWho, studentIdOf$, studentNames$, studentWhoKey } from '../../db/queries/people';
import { uniqueDocuments } from '../../db/queries/rows';
import {
  classRoster$,
  subject$,
  subjectClass$,
  subjectHighlights$,
  subjectScoreNames$,
} from '../../db/queries/subjects';
import { useLiveQuery } from '../../db/use-live-query';
import { localTime, localToday } from '../shared/local-clock';
import { buildScoreGrid } from './score-grid';
import { buildProfile } from './student-profile';

/** The class work a score grid shows, kept subject by subject on an on-demand device: the scores only. */
export const SCORE_GRID_SHOWN = [SyncCollection.achievements] as const;

// `toJSON` copies only the top level; the profile never mutates its input.
const json = <T>(documents: { primary: string; toJSON(): T }[]) =>
  uniqueDocuments(documents).map((document) => document.toJSON());

function grid$(
  database: SchoolDatabase,
  classId: string,
  actor: { id: string; role: AccountRole },
  parentId: string | undefined,
) {
  return subjectClass$(database, classId).pipe(
    switchMap((subjectClass) => {
      if (!subjectClass) return of(null);
      const { subjectId } = subjectClass;
      return combineLatest([
        subject$(database, subjectId),
        classRoster$(database, subjectId, classId),
        subjectScoreNames$(database, subjectId),
        subjectHighlights$(database, subjectId),
        studentNames$(database),
        subjectAchievements$(database, subjectId),
        writeStates$(database, 'achievements'),
      ]).pipe(
        map(([subject, classStudents, scoreNames, highlights, students, achievements, outbox]) => {
          const grid = buildScoreGrid({
            actor,
            subjectClass,
            formula: subject?.formula ?? null,
            classStudents,
            students,
            scoreNames,
            scores: achievements.filter((row) => row.kind === AchievementDocKind.score),
            results: achievements.filter((row) => row.kind === AchievementDocKind.result),
            teacherAllowUpdateFinalScore: subject?.teacherAllowUpdateFinalScore ?? false,
            outbox,
            highlights,
            ...(parentId ? { parentId } : {}),
          });
          return { grid, subjectClass, subject };
        }),
      );
    }),
  );
}

/**
 * The live score grid of a class from the local database (all score names, or one score name and its
 * sub-scores): undefined while loading, null when the class is not on this device.
 */
export function useScoreGrid(classId: string, actor: { id: string; role: AccountRole }, parentId?: string) {
  return useLiveQuery(
    (database) => (classId ? grid$(database, classId, actor, parentId) : null),
    [classId, actor.id, actor.role, parentId],
  );
}

/**
 * A student's profile from the local database, live: the signed-in student's own, or a guardian's child's (each
 * device's scope holds only those rows).
 */
export function useStudentProfile(who: StudentWho) {
  return useLiveQuery(
    (database) =>
      studentIdOf$(database, who).pipe(
        switchMap((studentId) => {
          if (!studentId) return of([]);
          return combineLatest([
            database.subjects.find().$.pipe(map(json)),
            database.master.find({ selector: { kind: MasterKind.subjectNames } }).$.pipe(map(json)),
            database.achievements.find({ selector: { studentId } }).$.pipe(map(json)),
            database.attendance.find({ selector: { studentId } }).$.pipe(map(json)),
            database.lessons.find().$.pipe(map(json)),
            database.schedules.find().$.pipe(map(json)),
          ]).pipe(
            map(([subjects, subjectNames, achievements, attendance, lessons, schedules]) => {
              const names = new Map(subjectNames.map((row) => [row.id, row.name]));
              const ofKind = (kind: string) => subjects.filter((row) => row.kind === kind);
              return buildProfile({
                subjects: ofKind(SubjectDocKind.subject).map((row) => ({
                  id: row.id,
                  name: names.get(row.subjectNameId ?? '') ?? '',
                  formula: row.formula,
                })),
                enrolments: ofKind(SubjectDocKind.classStudent).flatMap((row) =>
                  row.studentId === studentId && row.subjectStudentId
                    ? [
                        {
                          subjectId: row.subjectId,
                          classId: row.classId,
                          subjectStudentId: row.subjectStudentId,
                        },
                      ]
                    : [],
                ),
                sittings: schedules,
                publishedLessonIds: new Set(
                  lessons
                    .filter((lesson) => lesson.publish === PublishState.published)
                    .map((lesson) => lesson.id),
                ),
                moment: { today: localToday(), time: localTime() },
                scoreNames: outsideDrafts(ofKind(SubjectDocKind.scoreName), lessons),
                highlights: ofKind(SubjectDocKind.highlight),
                scores: achievements.filter((row) => row.kind === AchievementDocKind.score),
                results: achievements.filter((row) => row.kind === AchievementDocKind.result),
                attendance,
              });
            }),
          );
        }),
      ),
    [studentWhoKey(who)],
  );
}
