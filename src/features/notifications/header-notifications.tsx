import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { SyncCollection } from '../../../domain/sync';
import { useDatabase } from '../../db/database-context';
import { useEmptyWording } from '../shared/arriving-or-empty';
import { markAllNotificationsRead, markNotificationRead } from './mark-read';
import { type BellNotification, NotificationBell } from './notification-bell';
import { notificationAbout, notificationText } from './notification-text';
import { useNotifications } from './use-notifications';

/**
 * The header's bell fed by the local `notifications` collection: the count and list follow the last sync,
 * new ones arrive live, and reading one goes through the router (so the unsaved-edits guard asks first).
 */
export function HeaderNotifications() {
  const { i18n, t } = useLingui();
  const router = useRouter();
  const database = useDatabase();
  const { items, total, unread, loadMore } = useNotifications();
  // Until this device's first pull of notifications has ended, an empty bell has not heard yet (issue 42, row 8).
  const emptyWording = useEmptyWording([SyncCollection.notifications], t`No notifications`);

  const bellItems: BellNotification[] = items.map((item) => ({
    id: item.id,
    createdAt: item.createdAt,
    message: notificationText(i18n, item.message),
    about: notificationAbout(i18n, item.message, item.params),
    url: item.url,
    read: item.read,
  }));

  return (
    <NotificationBell
      items={bellItems}
      total={total}
      unreadCount={unread}
      onLoadMore={loadMore}
      onRead={(notification) => {
        if (database) void markNotificationRead(database, notification.id);
      }}
      onReadAll={() => {
        if (database) void markAllNotificationsRead(database);
      }}
      onNavigate={(url) => void router.navigate({ href: url })}
      emptyWording={emptyWording}
    />
  );
}
