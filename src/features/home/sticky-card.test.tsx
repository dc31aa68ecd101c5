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
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AccountRole, Role } from '../../../domain/roles';
import { StickyType } from '../../../domain/stickies';
import type { StickyDocType } from '../../db/synced-schemas';
import { StickyCard } from './sticky-card';

/** A card as the sync stores it, every reference empty unless the test names it. */
function card(overrides: Partial<StickyDocType>): StickyDocType {
  return {
    id: 'card-1',
    type: StickyType.stickyRequest,
    content: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    subjectId: null,
    subjectName: null,
    yearCodeName: null,
    lessonId: null,
    lessonName: null,
    lessonType: null,
    classId: null,
    className: null,
    scheduleId: null,
    roomName: null,
    highlightId: null,
    highlightType: null,
    conditionType: null,
    compareType: null,
    highlightValue: null,
    messageToStudent: null,
    planId: null,
    contactUrls: [],
    memoId: null,
    requestId: null,
    studentId: null,
    studentIdentity: null,
    studentName: null,
    updatedAt: 1,
    ...overrides,
  };
}

/** The dashboard with one card, and the request screens it may lead to; answers the router to read where it went. */
function renderCard(shown: StickyDocType, role: AccountRole) {
  const root = createRootRoute({ component: Outlet });
  const dashboard = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <StickyCard card={shown} role={role} online closing={false} onClose={() => {}} />,
  });
  const list = createRoute({ getParentRoute: () => root, path: '/requests', component: () => <h1>List</h1> });
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/requests/$requestId',
    component: () => <h1>Detail</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([dashboard, list, detail]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('a request card on the dashboard (issue 42)', () => {
  it("shows an admin the student's words and who sent them, and More opens that request", async () => {
    const router = renderCard(
      card({
        requestId: 'req-7',
        content: '<p>I was at the hospital on Monday.</p>',
        subjectId: 'sub-1',
        subjectName: 'Mathematics',
        studentName: 'Hayashi Aoi',
      }),
      Role.admin,
    );
    const article = await screen.findByRole('article', { name: 'Request' });
    expect(article.textContent).toContain('I was at the hospital on Monday.');
    expect(article.textContent).toContain('Hayashi Aoi');
    fireEvent.click(screen.getByRole('link', { name: 'More' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests/req-7'));
    expect(await screen.findByRole('heading', { name: 'Detail' })).toBeTruthy();
  });

  it('says what a request card without a request of its own is about, and More opens the waiting requests of its subject', async () => {
    const router = renderCard(
      card({ type: StickyType.request, subjectId: 'sub-1', subjectName: 'Mathematics', classId: 'cls-2' }),
      Role.admin,
    );
    const article = await screen.findByRole('article', { name: 'Request' });
    expect(article.textContent).toContain("Students' requests are waiting for your decision.");
    fireEvent.click(screen.getByRole('link', { name: 'More' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests'));
    expect(router.state.location.search).toEqual({ tab: 1, subject: 'sub-1', subjectClass: 'cls-2' });
  });

  it('never shows a request card without a way on, even with no subject named', async () => {
    renderCard(card({ type: StickyType.stickyRequest }), Role.admin);
    const article = await screen.findByRole('article', { name: 'Request' });
    expect(article.textContent).toContain("A student's request is waiting for your decision.");
    expect(screen.getByRole('link', { name: 'More' }).getAttribute('href')).toBe('/requests?tab=1');
  });
});
