import { Trans, useLingui } from '@lingui/react/macro';
import { type UIEvent, useState } from 'react';
import { LIMITS } from '../../../domain/limits';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icons';
import { Popover } from '../../ui/popover';
import { Spinner } from '../../ui/spinner';
import type { NotificationAbout } from './notification-text';

/** One notification as the bell shows it (SPEC §3: id, created_at, data.message, data.url). */
export type BellNotification = {
  id: string;
  createdAt: string;
  message: string;
  /** What it is about (a request's student, kind, subject and class, day), under its sentence. */
  about?: NotificationAbout | null;
  url: string | null;
  read: boolean;
};

/** What the bell needs from a notification source (a later issue syncs the notifications collection). */
export type NotificationBellProps = {
  items: readonly BellNotification[];
  /** How many notifications exist in all; further pages load until `items.length` reaches it. */
  total: number;
  unreadCount: number;
  loadingMore?: boolean;
  onLoadMore: () => void;
  /** Marks one notification read. */
  onRead: (notification: BellNotification) => void;
  onReadAll: () => void;
  /** Opens a notification's page (through the unsaved-edits guard, like any navigation). */
  onNavigate: (url: string) => void;
  /**
   * What an empty list says: "No notifications" unless the caller knows better (the header's bell, while the
   * device's first pull of notifications runs, says they are still arriving: `useEmptyWording`).
   */
  emptyWording?: string;
};

/**
 * What a notification is about, one line under its sentence: names (the student, the subject and class) are
 * data, marked as such; the kind and the day are the app's words.
 */
function AboutLine({ about }: { about: NotificationAbout }) {
  const parts = [
    about.student && (
      <span key="student" data-user-text="" className="font-medium">
        {about.student}
      </span>
    ),
    about.kind && <span key="kind">{about.kind}</span>,
    about.place && (
      <span key="place" data-user-text="">
        {about.place}
      </span>
    ),
    about.day && <span key="day">{about.day}</span>,
  ].filter(Boolean);
  return (
    <span className="text-sm break-words text-slate-700">
      {parts.flatMap((part, index) => (index === 0 ? [part] : [' · ', part]))}
      {about.sittings?.map((line) => (
        <span key={line} className="block" data-testid="notification-sitting">
          {line}
        </span>
      ))}
    </span>
  );
}

/** Pixels from the bottom of the list at which the next page is asked for. */
const LOAD_MORE_THRESHOLD_PX = 48;

/**
 * The header's notification bell (SPEC §2, §4): the unread count on the bell, a 320 px popover listing
 * notifications, further pages on scroll until all are loaded, a click marks one read and opens its page,
 * and "mark all as read".
 */
export function NotificationBell({
  items,
  total,
  unreadCount,
  loadingMore = false,
  onLoadMore,
  onRead,
  onReadAll,
  onNavigate,
  emptyWording,
}: NotificationBellProps) {
  const { t, i18n } = useLingui();
  const [isOpen, setOpen] = useState(false);
  const locale = localeOrDefault(i18n.locale);
  const hasMore = items.length < total;
  const badge = unreadCount > 99 ? '99+' : String(unreadCount);
  const bellLabel = unreadCount > 0 ? t`Notifications, ${unreadCount} unread` : t`Notifications`;

  const loadMoreIfNear = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    const nearBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_THRESHOLD_PX;
    if (nearBottom && hasMore && !loadingMore) onLoadMore();
  };

  const open = (notification: BellNotification) => {
    // The popover closes on the way to the notification's page.
    setOpen(false);
    if (!notification.read) onRead(notification);
    if (notification.url) onNavigate(notification.url);
  };

  return (
    <Popover
      label={t`Notifications`}
      widthPx={LIMITS.notificationPopoverPx}
      open={isOpen}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="icon" aria-label={bellLabel} className="relative">
          <Icon name="bell" />
          {unreadCount > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
            >
              {badge}
            </span>
          )}
        </Button>
      }
    >
      {/* The heading keeps its line; a long "mark all" (Vietnamese) moves below it instead of squeezing it. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 border-b border-slate-200 px-4 py-2">
        <h2 className="text-sm font-semibold whitespace-nowrap">
          <Trans>Notifications</Trans>
        </h2>
        <Button variant="ghost" size="sm" disabled={unreadCount === 0} onClick={onReadAll}>
          <Trans>Mark all as read</Trans>
        </Button>
      </div>
      {items.length === 0 && !loadingMore ? (
        <div className="p-4">
          <EmptyState title={emptyWording ?? t`No notifications`} />
        </div>
      ) : (
        <ul aria-label={t`Notifications`} onScroll={loadMoreIfNear} className="max-h-96 overflow-y-auto">
          {items.map((notification) => (
            <li key={notification.id} className="border-b border-slate-100 last:border-b-0">
              <button
                type="button"
                onClick={() => open(notification)}
                className="flex w-full gap-2 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700"
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-blue-700'}`}
                />
                <span className="flex flex-col gap-0.5">
                  <span
                    className={`text-sm ${notification.read ? 'text-slate-600' : 'font-medium text-slate-900'}`}
                  >
                    {notification.message}
                    {!notification.read && <span className="sr-only"> ({t`unread`})</span>}
                  </span>
                  {notification.about && <AboutLine about={notification.about} />}
                  <span className="text-xs text-slate-500">
                    {formatDate(notification.createdAt, locale, 'dateTime')}
                  </span>
                </span>
              </button>
            </li>
          ))}
          {loadingMore && (
            <li className="flex justify-center py-3">
              <Spinner label={t`Loading…`} />
            </li>
          )}
          {hasMore && !loadingMore && (
            <li className="flex justify-center py-2">
              <Button variant="ghost" size="sm" onClick={onLoadMore}>
                <Trans>Show more</Trans>
              </Button>
            </li>
          )}
        </ul>
      )}
    </Popover>
  );
}
