import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type BellNotification, NotificationBell, type NotificationBellProps } from './notification-bell';

function notification(id: number, read = false): BellNotification {
  return {
    id: String(id),
    createdAt: '2026-11-20T09:30:00Z',
    message: `Message ${id}`,
    url: `/requests/${id}`,
    read,
  };
}

function renderBell(overrides: Partial<NotificationBellProps> = {}) {
  const props: NotificationBellProps = {
    items: [notification(1), notification(2, true)],
    total: 2,
    unreadCount: 1,
    onLoadMore: vi.fn(),
    onRead: vi.fn(),
    onReadAll: vi.fn(),
    onNavigate: vi.fn(),
    ...overrides,
  };
  render(
    <I18nProvider i18n={i18n}>
      <NotificationBell {...props} />
    </I18nProvider>,
  );
  return props;
}

function openBell(name: RegExp = /Notifications/) {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('dialog', { name: 'Notifications' });
}

describe('notification bell', () => {
  it('shows the unread count on the bell', () => {
    renderBell({ unreadCount: 3 });
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' }).textContent).toBe('3');
  });

  it('caps a large unread count', () => {
    renderBell({ unreadCount: 250 });
    expect(screen.getByRole('button', { name: /250 unread/ }).textContent).toBe('99+');
  });

  it('opens a 320 px wide list of notifications', () => {
    renderBell();
    const popover = openBell();
    expect(popover.style.width).toBe('320px');
    expect(within(popover).getAllByRole('listitem')).toHaveLength(2);
  });

  it('marks an unread notification read and opens its page', () => {
    const props = renderBell();
    const popover = openBell();
    fireEvent.click(within(popover).getByRole('button', { name: /Message 1/ }));
    expect(props.onRead).toHaveBeenCalledWith(notification(1));
    expect(props.onNavigate).toHaveBeenCalledWith('/requests/1');
  });

  it('does not mark an already read notification again', () => {
    const props = renderBell();
    fireEvent.click(within(openBell()).getByRole('button', { name: /Message 2/ }));
    expect(props.onRead).not.toHaveBeenCalled();
    expect(props.onNavigate).toHaveBeenCalledWith('/requests/2');
  });

  it('marks all as read, and offers it only while something is unread', () => {
    const props = renderBell();
    fireEvent.click(within(openBell()).getByRole('button', { name: 'Mark all as read' }));
    expect(props.onReadAll).toHaveBeenCalledOnce();
  });

  it('disables mark all as read when nothing is unread', () => {
    renderBell({ unreadCount: 0 });
    expect(
      within(openBell(/^Notifications$/))
        .getByRole('button', { name: 'Mark all as read' })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('loads the next page when the list is scrolled to the end, until all are loaded', () => {
    const props = renderBell({ total: 5 });
    const list = within(openBell()).getByRole('list');
    Object.defineProperties(list, {
      scrollHeight: { value: 400, configurable: true },
      clientHeight: { value: 200, configurable: true },
    });
    list.scrollTop = 10;
    fireEvent.scroll(list);
    expect(props.onLoadMore).not.toHaveBeenCalled();
    list.scrollTop = 200;
    fireEvent.scroll(list);
    expect(props.onLoadMore).toHaveBeenCalledOnce();
  });

  it('stops loading once the loaded count equals the total', () => {
    const props = renderBell({ total: 2 });
    const list = within(openBell()).getByRole('list');
    Object.defineProperties(list, {
      scrollHeight: { value: 400, configurable: true },
      clientHeight: { value: 200, configurable: true },
    });
    list.scrollTop = 200;
    fireEvent.scroll(list);
    expect(props.onLoadMore).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says there are no notifications', () => {
    renderBell({ items: [], total: 0, unreadCount: 0 });
    expect(within(openBell(/^Notifications$/)).getByText('No notifications')).toBeTruthy();
  });
  it('closes the popover on the way to the page of a clicked notification', () => {
    const props = renderBell();
    const list = openBell(/1 unread/);
    fireEvent.click(within(list).getByRole('button', { name: /Message 1/ }));
    expect(props.onNavigate).toHaveBeenCalledWith('/requests/1');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });
});
