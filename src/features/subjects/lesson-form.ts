import type { LessonDetail } from '../../../domain/schemas/lessons';

/** One sitting row of the lesson form; `id` is set for a stored sitting. */
export interface SittingRow {
  key: string;
  id?: string;
  class_id: string;
  day: string;
  start_time: string;
  end_time: string;
  room_id: string;
  teacher_ids: string[];
}

/** One score name row of the exam form. */
export interface ScoreNameRow {
  key: string;
  id?: string;
  name: string;
  full_score: string;
  /** Kept as stored and sent back: the form does not edit them, and dropping them would un-nest sub-scores. */
  option_plus: boolean;
  parent_id: string | null;
}

/** The values of the lesson or exam form. */
export interface LessonValues {
  name: string;
  table_of_contents: string;
  overview: string;
  minutes: string;
  exam_name_id: string;
  score_names: ScoreNameRow[];
  schedules: SittingRow[];
}

let counter = 0;
/** A key for a new row of a form list. */
export function newRowKey(): string {
  counter += 1;
  return `new-${counter}`;
}

/** An empty form. */
export function emptyLesson(): LessonValues {
  return {
    name: '',
    table_of_contents: '',
    overview: '',
    minutes: '',
    exam_name_id: '',
    score_names: [],
    schedules: [],
  };
}

/** The form's values of a stored lesson. */
export function lessonValues(lesson: LessonDetail): LessonValues {
  return {
    name: lesson.name,
    table_of_contents: lesson.table_of_contents ?? '',
    overview: lesson.overview ?? '',
    minutes: lesson.minutes === null ? '' : String(lesson.minutes),
    exam_name_id: lesson.exam_name_id ?? '',
    score_names: lesson.score_names.map((name) => ({
      key: name.id,
      id: name.id,
      name: name.name,
      full_score: String(name.full_score),
      option_plus: name.option_plus,
      parent_id: name.parent_id,
    })),
    schedules: lesson.schedule.map((schedule) => ({
      key: schedule.id,
      id: schedule.id,
      class_id: schedule.class.id,
      day: schedule.day,
      start_time: schedule.start_time,
      end_time: schedule.end_time,
      room_id: schedule.room?.id ?? '',
      teacher_ids: schedule.teachers.map((teacher) => teacher.id),
    })),
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text);

/** The body of a lesson or exam write from the form's values (the call's schema then checks it). */
export function lessonBody(values: LessonValues, exam: boolean) {
  const base = {
    name: values.name,
    table_of_contents: blankToNull(values.table_of_contents),
    overview: blankToNull(values.overview),
    minutes: values.minutes.trim() === '' ? null : Number(values.minutes),
    schedules: values.schedules.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      class_id: row.class_id,
      day: row.day,
      start_time: row.start_time,
      end_time: row.end_time,
      room_id: row.room_id === '' ? null : row.room_id,
      teacher_ids: row.teacher_ids,
    })),
  };
  if (!exam) return base;
  return {
    ...base,
    exam_name_id: values.exam_name_id,
    score_names: values.score_names.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      name: row.name,
      full_score: Number(row.full_score),
      option_plus: row.option_plus,
      parent_id: row.parent_id,
    })),
  };
}

/** The words of the lesson form's fields, in the user's language, for naming a field in an error. */
export interface LessonFieldLabels {
  /** The label of a top-level field, by its key. */
  fields: Record<string, string>;
  /** The labels of a sitting row's fields. */
  sittingFields: Record<string, string>;
  /** The labels of a score name row's fields. */
  scoreNameFields: Record<string, string>;
  /** The heading of the `n`th sitting row (1 for the first), as the form shows it. */
  sitting: (n: number) => string;
  /** The heading of the `n`th score name row. */
  scoreName: (n: number) => string;
}

/**
 * The field of a server or schema error key (`schedules.0.room_id`) named as the form labels it
 * ("Sitting 1 › Room"), or null when the key names no field the user sees (the whole form, a stored id):
 * the message then stands alone. An internal key is never shown.
 */
export function lessonFieldLabel(key: string, labels: LessonFieldLabels): string | null {
  const [head, index, field] = key.split('.');
  if (head === undefined) return null;
  const row = index === undefined ? null : Number(index);
  if (row === null || !Number.isInteger(row)) return labels.fields[head] ?? null;
  const rows =
    head === 'schedules'
      ? { name: labels.sitting(row + 1), fields: labels.sittingFields }
      : head === 'score_names'
        ? { name: labels.scoreName(row + 1), fields: labels.scoreNameFields }
        : null;
  if (rows === null) return null;
  const rowName = rows.name;
  const fieldName = field === undefined ? undefined : rows.fields[field];
  return fieldName ? `${rowName} › ${fieldName}` : rowName;
}
