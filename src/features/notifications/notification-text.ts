import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AttendanceStatus } from '../../../domain/attendance';
import {
  type AbsenceSitting,
  NotificationMessage,
  type NotificationParams,
} from '../../../domain/notifications';
import { STATUS_LABELS } from '../../i18n/attendance-status-labels';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { OPTION_LABELS } from '../shared/request-option-labels';

const MESSAGES: Record<NotificationMessage, MessageDescriptor> = {
  [NotificationMessage.requestCreated]: msg`A new request is waiting for you.`,
  [NotificationMessage.requestApproved]: msg`Your request was approved.`,
  [NotificationMessage.requestRejected]: msg`Your request was rejected.`,
  [NotificationMessage.newSticky]: msg`A new card is on your dashboard.`,
  [NotificationMessage.accountChanged]: msg`Your account was changed.`,
  [NotificationMessage.absence]: msg`Your child was marked absent or late.`,
};

function isKnownMessage(message: string): message is NotificationMessage {
  return Object.hasOwn(MESSAGES, message);
}

/**
 * What a notification is about, as the bell lists it under its sentence (issue 42: "A new request is waiting
 * for you." named no request): the student who sent a request (not to the student themself), its kind, subject
 * and class, and the day of its sitting. The names are data, shown as they came; null when it names nothing.
 */
export interface NotificationAbout {
  student: string | null;
  kind: string | null;
  place: string | null;
  day: string | null;
  /** An absence notice's sittings: lesson, time and status of each, in time order. */
  sittings: string[] | null;
}

/** One sitting of an absence notice as a line: "Math 08:50–09:40 Late". */
function sittingLine(i18n: I18n, sitting: AbsenceSitting): string {
  const status = STATUS_LABELS[sitting.status as AttendanceStatus];
  return `${sitting.lessonName} ${sitting.start}–${sitting.end} ${status ? i18n._(status) : ''}`.trim();
}

/** The parts of what a notification is about, worded in the reader's language; null when it names nothing. */
export function notificationAbout(
  i18n: I18n,
  message: string,
  params: NotificationParams | null,
): NotificationAbout | null {
  if (!params) return null;
  const about = {
    // The student reading of their own request needs no name; a guardian's notice names the child.
    student:
      message === NotificationMessage.requestCreated || message === NotificationMessage.absence
        ? params.studentName
        : null,
    kind: params.requestOption === null ? null : i18n._(OPTION_LABELS[params.requestOption]),
    place: [params.subjectName, params.className].filter(Boolean).join(' ') || null,
    day: params.day ? formatDate(params.day, localeOrDefault(i18n.locale), 'date') : null,
    sittings: params.sittings?.length ? params.sittings.map((sitting) => sittingLine(i18n, sitting)) : null,
  };
  return Object.values(about).some(Boolean) ? about : null;
}

/**
 * The sentence of a notification in the reader's language: the server stores a message code, and the app
 * words it. A text it does not know (a future code on an older build) is shown as it came, since it is plain
 * text either way.
 */
export function notificationText(i18n: I18n, message: string): string {
  return isKnownMessage(message) ? i18n._(MESSAGES[message]) : message;
}
