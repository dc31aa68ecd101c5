// The zod schemas of these codes are in `sync-docs.ts`, with the request document: the codes load without zod.

import { RequestStatus } from './request-status';

/** Whether an accepted request also updated the attendance or score it was about (SPEC §3). */
export const AcceptReason = { withoutUpdate: 0, withUpdate: 1 } as const;
export type AcceptReason = (typeof AcceptReason)[keyof typeof AcceptReason];

/** Request type (SPEC §3). */
export const RequestType = { attendance: 0, attendanceConfirm: 1, achievementConfirm: 2, other: 3 } as const;
export type RequestType = (typeof RequestType)[keyof typeof RequestType];

/** What an attendance request reports in advance (SPEC §3). */
export const AttendanceRequestKind = { absent: 0, late: 1 } as const;
export type AttendanceRequestKind = (typeof AttendanceRequestKind)[keyof typeof AttendanceRequestKind];

/** What an attendance-confirm request claims the student's status was (SPEC §3). */
export const ConfirmKind = { absent: 0, present: 1, late: 2 } as const;
export type ConfirmKind = (typeof ConfirmKind)[keyof typeof ConfirmKind];

/** The seven options of the request form, in SPEC §3 order. */
export const RequestOption = {
  late: 1,
  absent: 2,
  presentConfirm: 3,
  lateConfirm: 4,
  absentConfirm: 5,
  achievementConfirm: 6,
  other: 7,
} as const;
export type RequestOption = (typeof RequestOption)[keyof typeof RequestOption];

/**
 * The options a guardian files for their child (issue 43): an excuse, an absence or lateness notice about a
 * sitting; absence first, the one most filed.
 */
export const GUARDIAN_REQUEST_OPTIONS: readonly RequestOption[] = [RequestOption.absent, RequestOption.late];

/** Status filter of the request list (SPEC §3): the same numbers as the statuses they select. */
export const RequestFilterStatus = {
  requesting: RequestStatus.requesting,
  approve: RequestStatus.accepted,
  reject: RequestStatus.rejected,
} as const;
export type RequestFilterStatus = (typeof RequestFilterStatus)[keyof typeof RequestFilterStatus];

/** The type and kind a form option stands for; `kind` is null for types without one. */
export interface RequestOptionMeaning {
  type: RequestType;
  attendanceKind: AttendanceRequestKind | null;
  confirmKind: ConfirmKind | null;
}

const OPTION_MEANINGS: Record<RequestOption, RequestOptionMeaning> = {
  [RequestOption.late]: {
    type: RequestType.attendance,
    attendanceKind: AttendanceRequestKind.late,
    confirmKind: null,
  },
  [RequestOption.absent]: {
    type: RequestType.attendance,
    attendanceKind: AttendanceRequestKind.absent,
    confirmKind: null,
  },
  [RequestOption.presentConfirm]: {
    type: RequestType.attendanceConfirm,
    attendanceKind: null,
    confirmKind: ConfirmKind.present,
  },
  [RequestOption.lateConfirm]: {
    type: RequestType.attendanceConfirm,
    attendanceKind: null,
    confirmKind: ConfirmKind.late,
  },
  [RequestOption.absentConfirm]: {
    type: RequestType.attendanceConfirm,
    attendanceKind: null,
    confirmKind: ConfirmKind.absent,
  },
  [RequestOption.achievementConfirm]: {
    type: RequestType.achievementConfirm,
    attendanceKind: null,
    confirmKind: null,
  },
  [RequestOption.other]: { type: RequestType.other, attendanceKind: null, confirmKind: null },
};

/** The request type and kind that a request-form option creates. */
export function requestOptionMeaning(option: RequestOption): RequestOptionMeaning {
  return OPTION_MEANINGS[option];
}

/** What a request of an option must name: its sitting, its score name (with the score asked), late minutes. */
export interface RequestOptionNeeds {
  schedule: boolean;
  scoreName: boolean;
  lateMinutes: boolean;
}

/**
 * The fields an option needs; an option that does not need one must leave it empty, so a request never names a
 * sitting or score it is not about.
 */
export function requestOptionNeeds(option: RequestOption): RequestOptionNeeds {
  const { type } = requestOptionMeaning(option);
  return {
    schedule: type === RequestType.attendance || type === RequestType.attendanceConfirm,
    scoreName: type === RequestType.achievementConfirm,
    lateMinutes: option === RequestOption.late || option === RequestOption.lateConfirm,
  };
}

/** The decision call of a request type (SPEC §7: one path segment per type). */
export const REQUEST_DECISION_SEGMENT = {
  [RequestType.attendance]: 'attendance',
  [RequestType.attendanceConfirm]: 'confirmAttendance',
  [RequestType.achievementConfirm]: 'achievement-confirm',
  [RequestType.other]: 'other',
} as const satisfies Record<RequestType, string>;
export type RequestDecisionSegment = (typeof REQUEST_DECISION_SEGMENT)[RequestType];

/** Whether a request's status is final (accepted, rejected or cancelled): nothing moves it again. */
export function isFinalRequestStatus(status: RequestStatus): boolean {
  return status !== RequestStatus.requesting;
}

/**
 * Whether a request may move from one status to another. Only a request still `requesting` moves: staff
 * accept or reject it and the student may cancel it; accepted, rejected and cancelled are final so a decision
 * is never silently overturned.
 */
export function canChangeRequestStatus(from: RequestStatus, to: RequestStatus): boolean {
  return from === RequestStatus.requesting && to !== RequestStatus.requesting;
}
