import { type AccountRole, Role } from '../../../domain/roles';
import { StickyType } from '../../../domain/stickies';
import type { StickyDocType } from '../../db/synced-schemas';

/** The request list's first tab, the requests waiting for a decision (`REQUEST_TABS` of the requests area). */
const REQUESTING_TAB = 1;

/** The four list-classes calls of SPEC §7, by the path suffix they answer on. */
export type ClassListKind = 'attendance' | 'achievement' | 'lesson-plan' | 'note-plan';

/** What a card's More control opens (SPEC §2). */
export type StickyMore =
  /** The classes behind the card, from one list-classes call, with the empty state when there are none. */
  | { kind: 'classes'; list: ClassListKind; empty: StickyEmptyCode }
  /** The students a teacher's highlight card flags now (`GET /api/sticky/{id}`), each to /students/{id}. */
  | { kind: 'students' }
  /** A student's highlight card: their own achievement and attendance profile. */
  | { kind: 'profile' }
  /** A card that points at one screen. */
  | { kind: 'link'; to: string }
  | { kind: 'none' };

/** The empty states of a card's More list (SPEC §8). */
export type StickyEmptyCode =
  | 'sticky_not_class_attendance'
  | 'sticky_not_class_achievement'
  | 'sticky_not_class_no_data';

/** The path of a subject's lesson, and of a plan of one of its schedules when the plan is known. */
export function lessonPath(
  subjectId: string,
  lessonId: string,
  plan?: { scheduleId: string | null; planId: string | null },
): string {
  const lesson = `/academic/subjects/${subjectId}/lessons/${lessonId}`;
  if (!plan?.scheduleId || !plan.planId) return lesson;
  return `${lesson}/schedules/${plan.scheduleId}/plans/${plan.planId}`;
}

/** The More of a card for a role: what the card's kind lists or where it leads (SPEC §2). */
export function stickyMore(
  card: Pick<StickyDocType, 'type' | 'subjectId' | 'lessonId' | 'classId' | 'requestId' | 'studentId'>,
  role: AccountRole,
): StickyMore {
  switch (card.type) {
    case StickyType.attendance:
      return { kind: 'classes', list: 'attendance', empty: 'sticky_not_class_attendance' };
    case StickyType.achievement:
      return { kind: 'classes', list: 'achievement', empty: 'sticky_not_class_achievement' };
    // The lesson variants name their one class: More opens its sheet directly (no list call covers them).
    case StickyType.lessonAttendance:
      return card.classId
        ? { kind: 'link', to: `/attendance?subjectClass=${card.classId}` }
        : { kind: 'none' };
    case StickyType.lessonAchievement:
      return card.classId
        ? { kind: 'link', to: `/achievement?subjectClass=${card.classId}` }
        : { kind: 'none' };
    case StickyType.lessonNotPlan:
    case StickyType.examNotPlan:
      return { kind: 'classes', list: 'lesson-plan', empty: 'sticky_not_class_no_data' };
    case StickyType.lessonNotePlan:
      return { kind: 'classes', list: 'note-plan', empty: 'sticky_not_class_no_data' };
    case StickyType.highlightAttendance:
    case StickyType.highlightAchievement:
    case StickyType.highlightTeacher:
    case StickyType.highlightStudent:
      return role === Role.student ? { kind: 'profile' } : { kind: 'students' };
    case StickyType.request:
    case StickyType.stickyRequest:
      return { kind: 'link', to: requestCardTarget(card) };
    case StickyType.teacher:
      return card.studentId ? { kind: 'link', to: `/students/${card.studentId}` } : { kind: 'none' };
    case StickyType.subject:
      return card.subjectId ? { kind: 'link', to: `/academic/subjects/${card.subjectId}` } : { kind: 'none' };
    case StickyType.memo:
      return card.subjectId && card.lessonId
        ? { kind: 'link', to: lessonPath(card.subjectId, card.lessonId) }
        : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/**
 * Where a request card leads: its request's detail, where it is decided; a card naming no one request (the
 * summary kind, type 9) opens the waiting requests of its subject and class instead, never nothing (issue 42:
 * an admin's request card was a dead end).
 */
export function requestCardTarget(card: Pick<StickyDocType, 'requestId' | 'subjectId' | 'classId'>): string {
  if (card.requestId) return `/requests/${card.requestId}`;
  const query = new URLSearchParams({ tab: String(REQUESTING_TAB) });
  if (card.subjectId) query.set('subject', card.subjectId);
  if (card.subjectId && card.classId) query.set('subjectClass', card.classId);
  return `/requests?${query.toString()}`;
}

/** Student-type cards (a note about a student, a student's highlight): see more / zoom out at 144 px. */
export function isStudentTypeCard(type: number): boolean {
  return type === StickyType.teacher || type === StickyType.highlightStudent;
}

/** The contact links a card shows: one or two, and whether an ellipsis stands for the rest (SPEC §2). */
export function shownContactLinks(urls: readonly string[]): { shown: readonly string[]; more: boolean } {
  const MAX_SHOWN = 2;
  return { shown: urls.slice(0, MAX_SHOWN), more: urls.length > MAX_SHOWN };
}

/** The dashboard's order: newest first, as `GET /api/sticky` lists them; ids break ties stably. */
export function newestCardFirst(a: StickyDocType, b: StickyDocType): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}
