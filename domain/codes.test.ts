import { describe, expect, it } from 'vitest';
import { AttendanceStatus, attendanceStatusSchema, countAttendance } from './attendance';
import { codeValues, isCode } from './codes';
import { HighlightCompare, HighlightCondition } from './highlights';
import {
  LessonPlanStatus,
  LessonType,
  lessonPlanStatus,
  PlanPublish,
  planSavedMessage,
  publishStateSchema,
} from './lessons';
import { RequestStatus } from './request-status';
import {
  AcceptReason,
  AttendanceRequestKind,
  ConfirmKind,
  canChangeRequestStatus,
  RequestFilterStatus,
  RequestOption,
  RequestType,
  requestOptionMeaning,
} from './requests';
import { Role } from './roles';
import {
  mayCloseSticky,
  STICKY_STYLES,
  StickyType,
  stickyTitle,
  stickyTypeSchema,
  stickyVisibleTo,
} from './stickies';
import { requestStatusSchema } from './sync-docs';

describe('SPEC §3 request codes', () => {
  it('keep the numbers the SPEC gives', () => {
    expect(RequestStatus).toEqual({ cancelled: -1, rejected: 0, requesting: 1, accepted: 2 });
    expect(AcceptReason).toEqual({ withoutUpdate: 0, withUpdate: 1 });
    expect(RequestType).toEqual({ attendance: 0, attendanceConfirm: 1, achievementConfirm: 2, other: 3 });
    expect(AttendanceRequestKind).toEqual({ absent: 0, late: 1 });
    expect(ConfirmKind).toEqual({ absent: 0, present: 1, late: 2 });
    expect(codeValues(RequestOption)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(RequestFilterStatus).toEqual({ requesting: 1, approve: 2, reject: 0 });
  });

  it('request status schema accepts the four statuses and refuses anything else', () => {
    for (const status of [-1, 0, 1, 2]) expect(requestStatusSchema.safeParse(status).success).toBe(true);
    for (const other of [3, -2, '1', null]) expect(requestStatusSchema.safeParse(other).success).toBe(false);
  });

  it('each form option creates the request type and kind its label names', () => {
    expect(requestOptionMeaning(RequestOption.late)).toEqual({
      type: RequestType.attendance,
      attendanceKind: AttendanceRequestKind.late,
      confirmKind: null,
    });
    expect(requestOptionMeaning(RequestOption.absentConfirm).confirmKind).toBe(ConfirmKind.absent);
    expect(requestOptionMeaning(RequestOption.achievementConfirm).type).toBe(RequestType.achievementConfirm);
    expect(requestOptionMeaning(RequestOption.other).type).toBe(RequestType.other);
  });

  it('only a pending request can be decided or cancelled, and decisions are final', () => {
    expect(canChangeRequestStatus(RequestStatus.requesting, RequestStatus.accepted)).toBe(true);
    expect(canChangeRequestStatus(RequestStatus.requesting, RequestStatus.cancelled)).toBe(true);
    expect(canChangeRequestStatus(RequestStatus.accepted, RequestStatus.rejected)).toBe(false);
    expect(canChangeRequestStatus(RequestStatus.cancelled, RequestStatus.requesting)).toBe(false);
    expect(canChangeRequestStatus(RequestStatus.requesting, RequestStatus.requesting)).toBe(false);
  });
});

describe('attendance statuses', () => {
  it('share the confirm-kind numbers so an accepted confirm request writes its kind as the status', () => {
    expect(AttendanceStatus.absent).toBe(ConfirmKind.absent);
    expect(AttendanceStatus.present).toBe(ConfirmKind.present);
    expect(AttendanceStatus.late).toBe(ConfirmKind.late);
    expect(attendanceStatusSchema.safeParse(AttendanceStatus.unexplainedAbsence).success).toBe(true);
    expect(attendanceStatusSchema.safeParse(4).success).toBe(false);
  });

  it('tally missing, present, late and unexplained absences into disjoint buckets', () => {
    const { absent, present, late, unexplainedAbsence } = AttendanceStatus;
    expect(countAttendance([null, present, present, late, unexplainedAbsence, absent, null])).toEqual({
      missing: 2,
      attendance: 2,
      late: 1,
      unexplainedAbsence: 1,
    });
  });
});

describe('sticky codes', () => {
  it('give every SPEC §9 type its style name', () => {
    expect(STICKY_STYLES[StickyType.highlightTeacher]).toBe('highlight-teacher');
    expect(STICKY_STYLES[StickyType.stickyRequest]).toBe('sticky-request');
    expect(Object.keys(STICKY_STYLES)).toHaveLength(17);
    expect(stickyTypeSchema.safeParse(7).success).toBe(false);
    expect(stickyTypeSchema.safeParse(18).success).toBe(true);
  });

  it('title lesson variants like their plain kind and leave memo cards untitled', () => {
    expect(stickyTitle(StickyType.lessonAttendance)).toBe(stickyTitle(StickyType.attendance));
    expect(stickyTitle(StickyType.examNotPlan)).toBe('sticky_title_exam_plan');
    expect(stickyTitle(StickyType.memo)).toBeNull();
  });

  it('students see only attendance and achievement highlight cards', () => {
    expect(stickyVisibleTo(Role.student, StickyType.highlightAttendance)).toBe(true);
    expect(stickyVisibleTo(Role.student, StickyType.memo)).toBe(false);
    expect(stickyVisibleTo(Role.teacher, StickyType.memo)).toBe(true);
  });

  it('staff close cards only online and never request cards', () => {
    expect(mayCloseSticky(Role.teacher, StickyType.memo, true)).toBe(true);
    expect(mayCloseSticky(Role.teacher, StickyType.memo, false)).toBe(false);
    expect(mayCloseSticky(Role.admin, StickyType.request, true)).toBe(false);
    expect(mayCloseSticky(Role.admin, StickyType.stickyRequest, true)).toBe(false);
    expect(mayCloseSticky(Role.observer, StickyType.memo, true)).toBe(false);
    expect(mayCloseSticky(Role.student, StickyType.highlightAchievement, true)).toBe(false);
  });
});

describe('lesson codes', () => {
  it('a schedule without plan is not entered, a draft plan temporary, a published plan registered', () => {
    expect(lessonPlanStatus(null)).toBe(LessonPlanStatus.notEntered);
    expect(lessonPlanStatus({ publish: PlanPublish.draft })).toBe(LessonPlanStatus.temporarySave);
    expect(lessonPlanStatus({ publish: PlanPublish.published })).toBe(LessonPlanStatus.registered);
  });

  it('the plan success message depends on exam versus lesson and on publishing', () => {
    expect(planSavedMessage(LessonType.exam, PlanPublish.draft)).toBe('plan_exam_draft_saved');
    expect(planSavedMessage(LessonType.lesson, PlanPublish.published)).toBe('plan_lesson_registered');
    expect(publishStateSchema.safeParse(2).success).toBe(false);
  });
});

describe('highlight codes', () => {
  it('number conditions and comparisons in SPEC §9 order', () => {
    expect(codeValues(HighlightCondition)).toEqual([0, 1, 2, 3, 4]);
    expect(HighlightCompare).toEqual({ below: 0, moreThan: 1, equal: 2, lessThan: 3, above: 4 });
    expect(isCode(HighlightCompare, 5)).toBe(false);
  });
});
