import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationMessage } from '../../../domain/notifications';
import { RequestOption } from '../../../domain/requests';
import { SyncCollection } from '../../../domain/sync';
import { ProvideDatabase } from '../../db/database-context';
import { openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { markFirstPullDone } from '../../db/sync-state';
import type { NotificationDocType } from '../../db/synced-schemas';
import { HeaderNotifications } from './header-notifications';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

function notification(fields: Partial<NotificationDocType> & Pick<NotificationDocType, 'id'>) {
  return {
    message: NotificationMessage.requestCreated,
    url: '/requests/req-7',
    params: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    read: false,
    updatedAt: 3,
    ...fields,
  } satisfies NotificationDocType;
}

/** The header's bell over a local database, beside the request screens a notification may open. */
function renderBell(db: SchoolDatabase) {
  const root = createRootRoute({
    component: () => (
      <>
        <HeaderNotifications />
        <Outlet />
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home</h1> });
  const list = createRoute({ getParentRoute: () => root, path: '/requests', component: () => <h1>List</h1> });
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/requests/$requestId',
    component: () => <h1>Detail</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([home, list, detail]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <ProvideDatabase database={db}>
        <RouterProvider router={router} />
      </ProvideDatabase>
    </I18nProvider>,
  );
  return router;
}

describe('the bell names what each notification is about (issue 42)', () => {
  it('says who sent a request, its kind, subject, class and day, and opens that request, marking it read', async () => {
    database = await openTestDatabase('bell-words');
    await database.notifications.bulkInsert([
      notification({
        id: 'n1',
        params: {
          studentName: 'Hayashi Aoi',
          subjectName: 'Mathematics',
          className: 'A',
          requestOption: RequestOption.absent,
          day: '2026-12-03',
        },
      }),
      notification({
        id: 'n2',
        message: NotificationMessage.requestApproved,
        url: '/requests/req-8',
        createdAt: '2026-11-19T09:00:00.000Z',
        params: {
          studentName: 'Hayashi Aoi',
          subjectName: 'Physics',
          className: null,
          requestOption: RequestOption.achievementConfirm,
          day: null,
        },
        read: true,
      }),
      // Stored before notifications named anything: still worded, by its code alone.
      notification({ id: 'n3', createdAt: '2026-11-18T09:00:00.000Z', url: '/requests' }),
    ]);
    const router = renderBell(database);

    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        'A new request is waiting for you. (unread)Hayashi Aoi · Absent (notice) · Mathematics A · 12/03/2026',
      ),
      expect.stringContaining('Your request was approved.Confirm a score · Physics'),
      // Stored before notifications named anything: the sentence alone, then its time.
      expect.stringMatching(/^A new request is waiting for you\. \(unread\)\d/),
    ]);
    // The names are data, marked as such for tools that check the app's own words.
    expect(
      [...(items[0]?.querySelectorAll('[data-user-text]') ?? [])].map((node) => node.textContent),
    ).toEqual(['Hayashi Aoi', 'Mathematics A']);

    fireEvent.click(items[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests/req-7'));
    await waitFor(async () => expect((await database?.notifications.findOne('n1').exec())?.read).toBe(true));
  });

  it('says notifications are still arriving until the first pull of them ends, then that there are none', async () => {
    const db = await openTestDatabase('bell-arriving');
    database = db;
    renderBell(db);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Still arriving on this device…')).toBeTruthy();
    expect(screen.queryByText('No notifications')).toBeNull();
    await markFirstPullDone(db, SyncCollection.notifications);
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });
});
