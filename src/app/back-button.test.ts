import { describe, expect, it } from 'vitest';
import { decideBack, parentHref } from './back-button';
import { NAV_HISTORY_LIMIT, readNavHistory, recordVisit } from './nav-history';

const FIRST_LOAD = (href: string) => [href];

describe('back button: where SPEC §2 shows it', () => {
  it('shows on add routes, going back to the page the user came from', () => {
    for (const [routePath, pathname] of [
      ['/students/add', '/students/add'],
      ['/admins/add', '/admins/add'],
      ['/academic/subjects/add', '/academic/subjects/add'],
      ['/requests/add', '/requests/add'],
      ['/teachers/invite', '/teachers/invite'],
      ['/observers/invite', '/observers/invite'],
      ['/viblo/events/add', '/viblo/events/add'],
    ] as const) {
      expect(decideBack({ routePath, pathname, search: {}, history: ['/x', pathname] })).toEqual({
        visible: true,
        href: '/x',
      });
    }
  });

  it('shows on detail routes', () => {
    for (const [routePath, pathname] of [
      ['/students/$studentId', '/students/7'],
      ['/teachers/$teacherId', '/teachers/7'],
      ['/observers/$observerId', '/observers/7'],
      ['/requests/$requestId', '/requests/7'],
      ['/academic/subjects/$subjectId', '/academic/subjects/7'],
      ['/academic/subjects/$subjectId/lessons/$lessonId', '/academic/subjects/7/lessons/3'],
      ['/academic/subjects/$subjectId/highlights/$highlightId', '/academic/subjects/7/highlights/3'],
      ['/achievement/subjects/$subjectId/score-names/$scoreNameId', '/achievement/subjects/7/score-names/3'],
    ] as const) {
      expect(decideBack({ routePath, pathname, search: {}, history: ['/a', pathname] }).visible).toBe(true);
    }
  });

  it('shows on edit routes', () => {
    const pathname = '/viblo/events/5/edit';
    expect(
      decideBack({
        routePath: '/viblo/events/$eventId/edit',
        pathname,
        search: {},
        history: ['/v', pathname],
      }),
    ).toEqual({ visible: true, href: '/v' });
  });

  it('shows on the teacher schedule only with teacher, month and year', () => {
    const routePath = '/schedule/teacher';
    const history = ['/teachers/4', '/schedule/teacher?teacher=4&month=5&year=2026'];
    const full = { teacher: '4', month: '5', year: '2026' };
    expect(decideBack({ routePath, pathname: routePath, search: full, history })).toEqual({
      visible: true,
      href: '/teachers/4',
    });
    expect(
      decideBack({ routePath, pathname: routePath, search: { month: '5', year: '2026' }, history }).visible,
    ).toBe(false);
    expect(
      decideBack({ routePath, pathname: routePath, search: { teacher: '4', year: '2026' }, history }).visible,
    ).toBe(false);
  });

  it('shows on the student achievement profile', () => {
    const pathname = '/achievement-attendance-profile';
    expect(decideBack({ routePath: pathname, pathname, search: {}, history: ['/', pathname] })).toEqual({
      visible: true,
      href: '/',
    });
  });

  it('does not show on list and other screens', () => {
    for (const path of [
      '/',
      '/students',
      '/master-setting',
      '/academic/subjects',
      '/viblo/events',
      '/profile',
    ]) {
      expect(decideBack({ routePath: path, pathname: path, search: {}, history: ['/a', path] })).toEqual({
        visible: false,
      });
    }
  });
});

describe('back button on a first page load', () => {
  it('is hidden without tab or classId', () => {
    const pathname = '/students/7';
    expect(
      decideBack({ routePath: '/students/$studentId', pathname, search: {}, history: FIRST_LOAD(pathname) }),
    ).toEqual({ visible: false });
    expect(
      decideBack({
        routePath: '/academic/subjects/$subjectId/lessons/$lessonId',
        pathname: '/academic/subjects/7/lessons/3',
        search: { lessonId: '3' },
        history: [],
      }),
    ).toEqual({ visible: false });
  });

  it('goes to the parent screen with the tab', () => {
    expect(
      decideBack({
        routePath: '/academic/subjects/$subjectId/lessons/$lessonId',
        pathname: '/academic/subjects/7/lessons/3',
        search: { tab: 2 },
        history: FIRST_LOAD('/academic/subjects/7/lessons/3?tab=2'),
      }),
    ).toEqual({ visible: true, href: '/academic/subjects/7?tab=2' });
  });

  it('goes to the parent screen with the class', () => {
    expect(
      decideBack({
        routePath: '/students/$studentId',
        pathname: '/students/9',
        search: { classId: '12' },
        history: FIRST_LOAD('/students/9?classId=12'),
      }),
    ).toEqual({ visible: true, href: '/students?classId=12' });
  });

  it('returns to the lesson named by lessonId from a subject sub-page', () => {
    expect(
      decideBack({
        routePath: '/academic/subjects/$subjectId/highlights/$highlightId',
        pathname: '/academic/subjects/7/highlights/4',
        search: { tab: 'highlight', lessonId: '3' },
        history: [],
      }),
    ).toEqual({ visible: true, href: '/academic/subjects/7/lessons/3?tab=highlight' });
  });

  it('returns from the events pages with tab=event', () => {
    expect(
      decideBack({
        routePath: '/viblo/events/$eventId/edit',
        pathname: '/viblo/events/5/edit',
        search: { tab: 'past' },
        history: [],
      }),
    ).toEqual({ visible: true, href: '/viblo?tab=event' });
  });
});

describe('parent screens', () => {
  it('skips path segments that are not screens of their own', () => {
    expect(parentHref('/academic/subjects/7/lessons/3/schedules/2/plans/1', {})).toBe(
      '/academic/subjects/7/lessons/3/schedules/2',
    );
    expect(parentHref('/academic/subjects/7/lessons/3', {})).toBe('/academic/subjects/7');
    expect(parentHref('/achievement/subjects/7/score-names/3', { classId: 'c1' })).toBe(
      '/achievement?classId=c1',
    );
    expect(parentHref('/students/add', {})).toBe('/students');
    expect(parentHref('/achievement-attendance-profile', { tab: 1 })).toBe('/?tab=1');
  });

  it('keeps month and year but not the teacher on the teacher schedule', () => {
    expect(parentHref('/schedule/teacher', { teacher: '4', month: '5', year: '2026' })).toBe(
      '/schedule/teacher?month=5&year=2026',
    );
  });
});

describe('session-stored visit list', () => {
  it('adds each new page and ignores a reload of the same page', () => {
    expect(recordVisit([], '/')).toEqual(['/']);
    expect(recordVisit(['/'], '/students')).toEqual(['/', '/students']);
    expect(recordVisit(['/', '/students'], '/students')).toEqual(['/', '/students']);
  });

  it('treats returning to the page before as a step back', () => {
    expect(recordVisit(['/', '/students', '/students/4'], '/students')).toEqual(['/', '/students']);
  });

  it('keeps only the most recent visits', () => {
    let history: string[] = [];
    for (let index = 0; index < NAV_HISTORY_LIMIT + 10; index += 1)
      history = recordVisit(history, `/p${index}`);
    expect(history).toHaveLength(NAV_HISTORY_LIMIT);
    expect(history.at(-1)).toBe(`/p${NAV_HISTORY_LIMIT + 9}`);
  });

  it('reads a malformed stored list as empty', () => {
    expect(readNavHistory({ getItem: () => '{oops' })).toEqual([]);
    expect(readNavHistory({ getItem: () => '{"a":1}' })).toEqual([]);
    expect(readNavHistory({ getItem: () => '["/a",3,"/b"]' })).toEqual(['/a', '/b']);
  });
});
