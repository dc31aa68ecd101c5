import { codeSchema } from './codes';
import { type AccountRole, Role } from './roles';

/** Sticky (dashboard card) type codes of SPEC §9; 7 and 15 are unused there. */
export const StickyType = {
  attendance: 0,
  achievement: 1,
  teacher: 2,
  empty: 3,
  subject: 4,
  highlightTeacher: 5,
  highlightStudent: 6,
  memo: 8,
  request: 9,
  lessonNotPlan: 10,
  examNotPlan: 11,
  lessonAttendance: 12,
  lessonAchievement: 13,
  lessonNotePlan: 14,
  highlightAttendance: 16,
  highlightAchievement: 17,
  stickyRequest: 18,
} as const;
export type StickyType = (typeof StickyType)[keyof typeof StickyType];
/** Zod schema of a sticky type code. */
export const stickyTypeSchema = codeSchema(StickyType);

/** The style name (CSS modifier) of each sticky type, as SPEC §9 lists them. */
export const STICKY_STYLES: Record<StickyType, string> = {
  [StickyType.attendance]: 'attendance',
  [StickyType.achievement]: 'achievement',
  [StickyType.teacher]: 'teacher',
  [StickyType.empty]: 'empty',
  [StickyType.subject]: 'subject',
  [StickyType.highlightTeacher]: 'highlight-teacher',
  [StickyType.highlightStudent]: 'highlight-student',
  [StickyType.memo]: 'memo',
  [StickyType.request]: 'request',
  [StickyType.lessonNotPlan]: 'lesson-not-plan',
  [StickyType.examNotPlan]: 'exam-not-plan',
  [StickyType.lessonAttendance]: 'lesson-attendance',
  [StickyType.lessonAchievement]: 'lesson-achievement',
  [StickyType.lessonNotePlan]: 'lesson-note-plan',
  [StickyType.highlightAttendance]: 'highlight-attendance',
  [StickyType.highlightAchievement]: 'highlight-achievement',
  [StickyType.stickyRequest]: 'sticky-request',
};

/** Message ids of the sticky titles of SPEC §9. */
export const StickyTitle = {
  subject: 'sticky_title_subject',
  lessonPlan: 'sticky_title_lesson_plan',
  examPlan: 'sticky_title_exam_plan',
  attendance: 'sticky_title_attendance',
  achievement: 'sticky_title_achievement',
  lessonNotePlan: 'sticky_title_lesson_note_plan',
  highlightAttendance: 'sticky_title_highlight_attendance',
  highlightAchievement: 'sticky_title_highlight_achievement',
  stickyRequest: 'sticky_title_sticky_request',
} as const;
export type StickyTitle = (typeof StickyTitle)[keyof typeof StickyTitle];

/**
 * The title of a sticky type. SPEC §9 names nine titles for seventeen types: the lesson variants of
 * attendance and achievement share the plain title, both request types share "sticky request", and the
 * teacher, empty, memo and generic highlight cards have no title (they show their own text).
 */
export function stickyTitle(type: StickyType): StickyTitle | null {
  return TITLE_OF_TYPE[type] ?? null;
}

/** The titled sticky types and their titles; a type not listed has none. */
const TITLE_OF_TYPE: Partial<Record<StickyType, StickyTitle>> = {
  [StickyType.subject]: StickyTitle.subject,
  [StickyType.lessonNotPlan]: StickyTitle.lessonPlan,
  [StickyType.examNotPlan]: StickyTitle.examPlan,
  [StickyType.attendance]: StickyTitle.attendance,
  [StickyType.lessonAttendance]: StickyTitle.attendance,
  [StickyType.achievement]: StickyTitle.achievement,
  [StickyType.lessonAchievement]: StickyTitle.achievement,
  [StickyType.lessonNotePlan]: StickyTitle.lessonNotePlan,
  [StickyType.highlightAttendance]: StickyTitle.highlightAttendance,
  [StickyType.highlightAchievement]: StickyTitle.highlightAchievement,
  [StickyType.request]: StickyTitle.stickyRequest,
  [StickyType.stickyRequest]: StickyTitle.stickyRequest,
};

/** The status `POST /api/sticky/{id}` sends: closing a card sends `closed` (SPEC §4). */
export const StickyStatus = { open: 0, closed: 1 } as const;
export type StickyStatus = (typeof StickyStatus)[keyof typeof StickyStatus];
/** Zod schema of a sticky status. */
export const stickyStatusSchema = codeSchema(StickyStatus);

/** The only sticky types a student sees (SPEC §2: attendance and achievement highlight cards). */
export const STUDENT_STICKY_TYPES = [
  StickyType.highlightAttendance,
  StickyType.highlightAchievement,
] as const;

/** Whether a role's dashboard shows a sticky type. */
export function stickyVisibleTo(role: AccountRole, type: StickyType): boolean {
  if (role === Role.student) return (STUDENT_STICKY_TYPES as readonly StickyType[]).includes(type);
  return role !== Role.superAdmin;
}

/** Whether a sticky type is a request card. */
export function isRequestSticky(type: StickyType): boolean {
  return type === StickyType.request || type === StickyType.stickyRequest;
}

/**
 * Whether a user may close a card (SPEC §4, issue 8): teachers and admins, only while online (closing is a
 * server write that reloads the page), and never a request card, which closes when the request is decided.
 * Students' highlight cards go when the highlight no longer holds; observers and the super admin are
 * read-only. The server's close call and the card's button both ask this.
 */
export function mayCloseSticky(role: AccountRole, type: StickyType, online: boolean): boolean {
  if (!online) return false;
  if (role !== Role.teacher && role !== Role.admin) return false;
  return !isRequestSticky(type);
}
