import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NotificationMessage, type NotificationParams } from '../../../domain/notifications';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { OPTION_LABELS } from '../shared/request-option-labels';

// What a notification says when it names nothing in particular (a new card, an account change, or one
// stored before notifications said what they were about).
const MESSAGES: Record<NotificationMessage, MessageDescriptor> = {
  [NotificationMessage.requestCreated]: msg`A new request is waiting for you.`,
  [NotificationMessage.requestApproved]: msg`Your request was approved.`,
  [NotificationMessage.requestRejected]: msg`Your request was rejected.`,
  [NotificationMessage.newSticky]: msg`A new card is on your dashboard.`,
  [NotificationMessage.accountChanged]: msg`Your account was changed.`,
};

function isKnownMessage(message: string): message is NotificationMessage {
  return Object.hasOwn(MESSAGES, message);
}

/**
 * What a request notification is about, in one line: the kind of request, its subject and class, and the day
 * of its sitting ("Absent (notice) · Mathematics A · 2026/12/03"). Names are data, shown as they came.
 */
function requestAbout(i18n: I18n, params: NotificationParams): string {
  const kind = params.requestOption === null ? null : i18n._(OPTION_LABELS[params.requestOption]);
  const place = [params.subjectName, params.className].filter(Boolean).join(' ');
  const day = params.day ? formatDate(params.day, localeOrDefault(i18n.locale), 'date') : null;
  return [kind, place, day].filter(Boolean).join(' · ');
}

/** A request notification worded with what it is about, or null when its parameters name nothing. */
function requestSentence(
  i18n: I18n,
  message: NotificationMessage,
  params: NotificationParams,
): string | null {
  const about = requestAbout(i18n, params);
  const student = params.studentName;
  switch (message) {
    case NotificationMessage.requestCreated:
      if (student && about) return i18n._(msg`New request from ${student}: ${about}`);
      if (student) return i18n._(msg`New request from ${student}.`);
      return about ? i18n._(msg`New request: ${about}`) : null;
    case NotificationMessage.requestApproved:
      return about ? i18n._(msg`Your request was approved: ${about}`) : null;
    case NotificationMessage.requestRejected:
      return about ? i18n._(msg`Your request was rejected: ${about}`) : null;
    default:
      return null;
  }
}

/**
 * The text of a notification in the reader's language. The server stores a message code and what it is about
 * (`params`: for a request, its student, subject, class, kind and day), and the app words them (issue 42: the
 * bell said only "A new request is waiting for you."). A text it does not know (a future code on an older
 * build) is shown as it came, since it is plain text either way.
 */
export function notificationText(
  i18n: I18n,
  message: string,
  params: NotificationParams | null = null,
): string {
  if (!isKnownMessage(message)) return message;
  return (params && requestSentence(i18n, message, params)) ?? i18n._(MESSAGES[message]);
}
