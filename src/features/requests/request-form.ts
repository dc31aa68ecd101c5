import type { RequestFormSources } from '../../db/queries/requests';

/** A sitting the form offers. */
export interface SittingChoice {
  id: string;
  day: string;
  startTime: string;
  lessonName: string;
}

/** A subject the student may file about, with the classes they sit in and its score names. */
export interface SubjectChoice {
  id: string;
  universityId: string;
  name: string;
  classes: { id: string; name: string; sittings: SittingChoice[] }[];
  scoreNames: { id: string; name: string; fullScore: number }[];
}

/** The form's choices: the student's own subjects, classes, sittings and score names. */
export interface FormChoices {
  studentId: string;
  subjects: SubjectChoice[];
}

/** The student's own choices from the local rows, subjects by name, sittings by day and time. */
export function buildFormChoices(studentId: string, sources: RequestFormSources): FormChoices {
  const master = new Map(sources.master.map((row) => [row.id, row.name]));
  const rows = new Map(sources.subjects.map((row) => [row.id, row]));
  const lessons = new Map(sources.lessons.map((row) => [row.id, row.name]));
  const subjects = new Map<string, SubjectChoice>();
  for (const seat of sources.seats) {
    const subject = rows.get(seat.subjectId);
    const klass = seat.classId ? rows.get(seat.classId) : undefined;
    if (!subject || !klass) continue;
    let choice = subjects.get(subject.id);
    if (!choice) {
      choice = {
        id: subject.id,
        universityId: subject.universityId,
        name: master.get(subject.subjectNameId ?? '') ?? '',
        classes: [],
        scoreNames: sources.scoreNames
          .filter((row) => row.subjectId === subject.id && row.fullScore !== null)
          .map((row) => ({ id: row.id, name: row.name ?? '', fullScore: row.fullScore ?? 0 })),
      };
      subjects.set(subject.id, choice);
    }
    choice.classes.push({
      id: klass.id,
      name: master.get(klass.classNameId ?? '') ?? '',
      sittings: sources.schedules
        .filter((row) => row.classId === klass.id)
        .sort((a, b) => `${a.day}${a.startTime}`.localeCompare(`${b.day}${b.startTime}`))
        .map((row) => ({
          id: row.id,
          day: row.day,
          startTime: row.startTime,
          lessonName: lessons.get(row.lessonId) ?? '',
        })),
    });
  }
  return { studentId, subjects: [...subjects.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

/** The sittings from `fromId` to `toId` (inclusive, in the class's order); one when `toId` is empty. */
export function sittingRange(sittings: readonly SittingChoice[], fromId: string, toId: string): string[] {
  const from = sittings.findIndex((row) => row.id === fromId);
  if (from < 0) return [];
  const to = toId ? sittings.findIndex((row) => row.id === toId) : from;
  if (to < from) return [];
  return sittings.slice(from, to + 1).map((row) => row.id);
}
