import { describe, expect, it } from 'vitest';
import { type LessonFieldLabels, lessonFieldLabel } from './lesson-form';

const LABELS: LessonFieldLabels = {
  fields: { name: 'Lesson name', schedules: 'Schedules' },
  sittingFields: { room_id: 'Room', teacher_ids: 'Teachers' },
  scoreNameFields: { name: 'Score name', full_score: 'Full score' },
  sitting: (n) => `Schedule ${n}`,
  scoreName: (n) => `Score name ${n}`,
};

describe('naming a lesson form field in an error', () => {
  it('names a sitting’s field by its row as the form numbers it and the field’s label', () => {
    expect(lessonFieldLabel('schedules.0.room_id', LABELS)).toBe('Schedule 1 › Room');
    expect(lessonFieldLabel('schedules.2.teacher_ids', LABELS)).toBe('Schedule 3 › Teachers');
    expect(lessonFieldLabel('score_names.1.full_score', LABELS)).toBe('Score name 2 › Full score');
  });

  it('names a top-level field by its label, and a row alone when its field has none', () => {
    expect(lessonFieldLabel('name', LABELS)).toBe('Lesson name');
    expect(lessonFieldLabel('schedules', LABELS)).toBe('Schedules');
    expect(lessonFieldLabel('schedules.0.id', LABELS)).toBe('Schedule 1');
  });

  it('never shows an internal key: one with no label gives none, and the message stands alone', () => {
    expect(lessonFieldLabel('form', LABELS)).toBeNull();
    expect(lessonFieldLabel('publish', LABELS)).toBeNull();
    expect(lessonFieldLabel('classes.0.class_name_id', LABELS)).toBeNull();
  });
});
