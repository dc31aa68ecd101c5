import { describe, expect, it } from 'vitest';
import { ROLE_LIST, Role } from '../../domain/roles';
import { ROUTE_ROLES } from '../../domain/route-roles';
import { decideGuardedRoute } from './guard';
import { type MenuEntry, menuForRole, menuOutline, visibleMenu } from './menu';

const FULL = [
  'dashboard',
  ['schedule', ['schedule-teacher', 'schedule-school']],
  ['users', ['admins', 'observers', 'teachers', 'students']],
  'attendance',
  'achievement',
  'subjects',
  'requests',
  ['reports', ['report-attendance', 'report-achievement', 'report-student', 'report-statistics']],
  'master-setting',
  'viblo',
];

const TEACHER_TYPE = [
  'dashboard',
  ['schedule', ['schedule-teacher', 'schedule-school']],
  'attendance',
  'achievement',
  'students',
  'subjects',
  'achievement-profile',
  'who-looked',
  'requests',
  'viblo',
];

function everyRoute(path: string): path is string {
  return path in ROUTE_ROLES;
}

function links(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry.to] : entry.children.map((child) => child.to),
  );
}

describe('side menu of SPEC §6, by role', () => {
  it('gives admins and super admins the full menu', () => {
    expect(menuOutline(menuForRole(Role.admin))).toEqual(FULL);
    expect(menuOutline(menuForRole(Role.superAdmin))).toEqual(FULL);
  });

  it('gives an unknown role the default (full) menu', () => {
    expect(menuOutline(menuForRole(42))).toEqual(FULL);
  });

  it('hides admins, observers and master setting from observers', () => {
    expect(menuOutline(menuForRole(Role.observer))).toEqual([
      'dashboard',
      ['schedule', ['schedule-teacher', 'schedule-school']],
      ['users', ['teachers', 'students']],
      'attendance',
      'achievement',
      'subjects',
      'requests',
      ['reports', ['report-attendance', 'report-achievement', 'report-student', 'report-statistics']],
      'viblo',
    ]);
  });

  it('gives teachers and students the teacher-type menu', () => {
    expect(menuOutline(menuForRole(Role.teacher))).toEqual(TEACHER_TYPE);
    expect(menuOutline(menuForRole(Role.student))).toEqual(TEACHER_TYPE);
  });

  it('shows the administrator-only role nothing but administrators', () => {
    expect(menuOutline(menuForRole(Role.systemAdmin))).toEqual(['admins']);
  });

  it('links every entry to a route of the permission table', () => {
    for (const role of [...ROLE_LIST, Role.systemAdmin]) {
      for (const to of links(menuForRole(role))) {
        expect(Object.keys(ROUTE_ROLES)).toContain(to);
      }
    }
  });
});

describe('the menu as drawn', () => {
  it('keeps only entries the role may open when every screen exists', () => {
    expect(menuOutline(visibleMenu(menuForRole(Role.admin), Role.admin, everyRoute))).toEqual(FULL);
    // Teachers reach the schedules, attendance and achievement they work in daily (issue 25).
    // The student achievement profile is for students only.
    expect(menuOutline(visibleMenu(menuForRole(Role.teacher), Role.teacher, everyRoute))).toEqual(
      TEACHER_TYPE.filter((entry) => entry !== 'achievement-profile' && entry !== 'who-looked'),
    );
    // A student's "Students" was a list of one, themself: their record is "My record" instead (issue 42).
    expect(menuOutline(visibleMenu(menuForRole(Role.student), Role.student, everyRoute))).toEqual([
      'dashboard',
      'subjects',
      'achievement-profile',
      'who-looked',
      'requests',
      'viblo',
    ]);
    expect(menuOutline(visibleMenu(menuForRole(Role.observer), Role.observer, everyRoute))).toEqual([
      'dashboard',
      ['schedule', ['schedule-teacher', 'schedule-school']],
      ['users', ['teachers', 'students']],
      'subjects',
      ['reports', ['report-attendance', 'report-achievement', 'report-student', 'report-statistics']],
      'viblo',
    ]);
    expect(menuOutline(visibleMenu(menuForRole(Role.superAdmin), Role.superAdmin, everyRoute))).toEqual([
      ['users', ['admins']],
    ]);
  });

  it('never links to a screen this build does not have, dropping emptied sub-menus', () => {
    const built = new Set(['/', '/master-setting']);
    const isBuilt = (path: string): path is string => built.has(path);
    expect(menuOutline(visibleMenu(menuForRole(Role.admin), Role.admin, isBuilt))).toEqual([
      'dashboard',
      'master-setting',
    ]);
    expect(menuOutline(visibleMenu(menuForRole(Role.teacher), Role.teacher, isBuilt))).toEqual(['dashboard']);
    expect(visibleMenu(menuForRole(Role.superAdmin), Role.superAdmin, isBuilt)).toEqual([]);
  });

  it('shows a guardian their children and nothing of the school (issue 43)', () => {
    expect(menuOutline(visibleMenu(menuForRole(Role.guardian), Role.guardian, everyRoute))).toEqual([
      'children',
    ]);
  });

  it('puts the page each role lands on in its menu, and every role but the super admin and guardians more than that', () => {
    for (const role of ROLE_LIST) {
      const drawn = links(visibleMenu(menuForRole(role), role, everyRoute) as MenuEntry[]);
      const single = role === Role.superAdmin || role === Role.guardian;
      expect(drawn.length).toBeGreaterThan(single ? 0 : 1);
      // Where signing in lands: the dashboard, /admins for the super admin (SPEC §2 guard), /children for a
      // guardian.
      const user = {
        id: 'u',
        name: 'U',
        role,
        must_change_password: false,
        is_trusted: true,
        verified_otp: true,
      };
      const landing = decideGuardedRoute(user, '/', '/');
      const landsOn = landing.kind === 'redirect' ? landing.to : '/';
      expect({ role, landsOn, allowed: landing.kind !== 'forbidden' }).toEqual({
        role,
        landsOn,
        allowed: true,
      });
      expect(drawn).toContain(landsOn);
    }
  });
});
