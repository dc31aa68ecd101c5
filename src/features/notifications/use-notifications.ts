import { useEffect, useState } from 'react';
import { NOTIFICATIONS_PER_PAGE } from '../../../domain/notifications';
import { useDatabase } from '../../db/database-context';
import { uniqueDocuments } from '../../db/queries/rows';
import type { NotificationDocType } from '../../db/synced-schemas';

/** The bell's view of the local notifications: one more page is shown each time the list asks for it. */
export type NotificationsState = {
  items: readonly NotificationDocType[];
  total: number;
  unread: number;
  loadMore(): void;
};

/** Newest first; equal times fall back to the id so the order is stable between renders. */
function newestFirst(a: NotificationDocType, b: NotificationDocType): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

/**
 * The signed-in user's notifications from the local database, live: a notification the sync pulls (after
 * the server's change notice over /ws) shows at once, online or not. The list grows a page
 * (`NOTIFICATIONS_PER_PAGE`) at a time, as the popover scrolls (SPEC §4).
 */
export function useNotifications(): NotificationsState {
  const database = useDatabase();
  const [all, setAll] = useState<readonly NotificationDocType[]>([]);
  const [shown, setShown] = useState(NOTIFICATIONS_PER_PAGE);

  useEffect(() => {
    if (!database) return;
    const subscription = database.notifications.find().$.subscribe((documents) => {
      setAll(
        uniqueDocuments(documents)
          .map((document) => document.toMutableJSON())
          .sort(newestFirst),
      );
    });
    return () => subscription.unsubscribe();
  }, [database]);

  return {
    items: all.slice(0, shown),
    total: all.length,
    unread: all.filter((notification) => !notification.read).length,
    loadMore: () => setShown((current) => current + NOTIFICATIONS_PER_PAGE),
  };
}
