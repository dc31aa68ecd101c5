import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { StickyTitle, StickyType, stickyTitle } from '../../../domain/stickies';
import type { StickyEmptyCode } from './sticky-card-rules';

const TITLES: Record<StickyTitle, MessageDescriptor> = {
  [StickyTitle.subject]: msg`Subject`,
  [StickyTitle.lessonPlan]: msg`Lesson plan`,
  [StickyTitle.examPlan]: msg`Exam plan`,
  [StickyTitle.attendance]: msg`Attendance`,
  [StickyTitle.achievement]: msg`Achievement`,
  [StickyTitle.lessonNotePlan]: msg`Lesson note plan`,
  [StickyTitle.highlightAttendance]: msg`Highlight: attendance`,
  [StickyTitle.highlightAchievement]: msg`Highlight: achievement`,
  [StickyTitle.stickyRequest]: msg`Request`,
};

// SPEC §9 gives these types no title; the card names its kind so every card has a heading.
const UNTITLED: Partial<Record<StickyType, MessageDescriptor>> = {
  [StickyType.memo]: msg`Memo`,
  [StickyType.teacher]: msg`Note about a student`,
  [StickyType.highlightTeacher]: msg`Highlight`,
  [StickyType.highlightStudent]: msg`Highlight`,
  [StickyType.empty]: msg`Reminder`,
};

/** The heading of a card. */
export function stickyHeading(type: number): MessageDescriptor {
  const title = stickyTitle(type as StickyType);
  if (title) return TITLES[title];
  return UNTITLED[type as StickyType] ?? msg`Reminder`;
}

// What a card says when its rule stores no text of its own.
const DEFAULT_BODIES: Partial<Record<StickyType, MessageDescriptor>> = {
  [StickyType.attendance]: msg`Attendance has not been entered for some classes.`,
  [StickyType.lessonAttendance]: msg`Attendance has not been entered for some classes.`,
  [StickyType.achievement]: msg`Scores have not been entered for some classes.`,
  [StickyType.lessonAchievement]: msg`Scores have not been entered for some classes.`,
  [StickyType.lessonNotPlan]: msg`This lesson has no plan yet.`,
  [StickyType.examNotPlan]: msg`This exam has no plan yet.`,
  [StickyType.highlightAttendance]: msg`Some students meet this attendance highlight.`,
  [StickyType.highlightAchievement]: msg`Some students meet this achievement highlight.`,
  [StickyType.highlightTeacher]: msg`Some students meet this highlight.`,
  [StickyType.subject]: msg`This subject needs your attention.`,
  // A request card shows the student's own words; these stand in when a card carries none (issue 42).
  [StickyType.stickyRequest]: msg`A student's request is waiting for your decision.`,
  [StickyType.request]: msg`Students' requests are waiting for your decision.`,
};

/** The text of a card without content of its own, or null when it has nothing to say. */
export function stickyDefaultBody(type: number): MessageDescriptor | null {
  return DEFAULT_BODIES[type as StickyType] ?? null;
}

/** The empty states of the More lists (SPEC §8). */
export const STICKY_EMPTY_TEXT: Record<StickyEmptyCode, MessageDescriptor> = {
  sticky_not_class_attendance: msg`Every class has its attendance entered.`,
  sticky_not_class_achievement: msg`Every class has its scores entered.`,
  sticky_not_class_no_data: msg`There is nothing to show.`,
};

/** The count of a gathered card, in what its cards stand for: "12 classes", "3 lessons" (issue 25). */
export function stickyGroupCount(type: number, count: number): string {
  switch (type) {
    case StickyType.lessonAttendance:
    case StickyType.lessonAchievement:
      return plural(count, { one: '# class', other: '# classes' });
    case StickyType.lessonNotPlan:
      return plural(count, { one: '# lesson', other: '# lessons' });
    case StickyType.examNotPlan:
      return plural(count, { one: '# exam', other: '# exams' });
    case StickyType.attendance:
    case StickyType.achievement:
    case StickyType.subject:
      return plural(count, { one: '# subject', other: '# subjects' });
    default:
      return plural(count, { one: '# card', other: '# cards' });
  }
}
