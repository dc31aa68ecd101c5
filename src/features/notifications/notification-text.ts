import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NotificationMessage } from '../../../domain/notifications';

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
 * The text of a notification in the reader's language. The server stores a message code; a text it does not
 * know (a future code on an older build) is shown as it came, since it is plain text either way.
 */
export function notificationText(i18n: I18n, message: string): string {
  return isKnownMessage(message) ? i18n._(MESSAGES[message]) : message;
}
