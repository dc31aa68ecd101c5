import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type AccountRole, Role } from '../../domain/roles';
import type { GuardedRoute } from '../../domain/route-roles';
import { roleMayOpen } from './guard';

/** The icons the menu draws; the shape lives in src/ui/icons.tsx. */
export type MenuIcon =
  | 'dashboard'
  | 'schedule'
  | 'users'
  | 'attendance'
  | 'achievement'
  | 'subjects'
  | 'requests'
  | 'reports'
  | 'settings'
  | 'events'
  | 'profile';

/** One entry that opens a screen. */
export type MenuLink = {
  kind: 'link';
  id: string;
  to: GuardedRoute;
  label: MessageDescriptor;
  icon: MenuIcon;
};

/** A sub-menu: a heading whose children open screens. */
export type MenuGroup = {
  kind: 'group';
  id: string;
  label: MessageDescriptor;
  icon: MenuIcon;
  children: readonly MenuLink[];
};

export type MenuEntry = MenuLink | MenuGroup;

function link(id: string, to: GuardedRoute, label: MessageDescriptor, icon: MenuIcon): MenuLink {
  return { kind: 'link', id, to, label, icon };
}

const dashboard = link('dashboard', '/', msg`Dashboard`, 'dashboard');
const scheduleTeacher = link('schedule-teacher', '/schedule/teacher', msg`Teacher schedule`, 'schedule');
const scheduleSchool = link('schedule-school', '/schedule/school', msg`School schedule`, 'schedule');
const admins = link('admins', '/admins', msg`Administrators`, 'users');
const observers = link('observers', '/observers', msg`Observers`, 'users');
const teachers = link('teachers', '/teachers', msg`Teachers`, 'users');
const students = link('students', '/students', msg`Students`, 'users');
const attendance = link('attendance', '/attendance', msg`Attendance`, 'attendance');
const achievement = link('achievement', '/achievement', msg`Achievement`, 'achievement');
const subjects = link('subjects', '/academic/subjects', msg`Education`, 'subjects');
const requests = link('requests', '/requests', msg`Requests`, 'requests');
const reportAttendance = link('report-attendance', '/report/attendance', msg`Attendance report`, 'reports');
const reportAchievement = link(
  'report-achievement',
  '/report/achievement',
  msg`Achievement report`,
  'reports',
);
const reportStudent = link('report-student', '/report/student', msg`Student report`, 'reports');
const reportStatistics = link('report-statistics', '/report/statistics', msg`Statistics`, 'reports');
const masterSetting = link('master-setting', '/master-setting', msg`Master settings`, 'settings');
// "Viblo" alone named nothing a school's user knew: it is the coding-practice service whose contests the
// events screen ranks (issue 42).
const viblo = link('viblo', '/viblo', msg`Coding events (Viblo)`, 'events');
// Only students open it, and it is their own record: scores, attendance counts and the dated sittings. Their
// "Students" entry, a list of one, is gone (issue 42); this is where a student finds themself.
const achievementProfile = link(
  'achievement-profile',
  '/achievement-attendance-profile',
  msg`My record`,
  'profile',
);

// The student's own access log and data out (issue 46); the route table keeps it to students.
const whoLooked = link('who-looked', '/who-looked', msg`Who looked at my record`, 'profile');

// A guardian's one entry (issue 43): their children; each child's day, attendance, scores and requests are
// tabs of the child's screens, under the child switcher.
const children = link('children', '/children', msg`My children`, 'profile');

function group(
  id: string,
  label: MessageDescriptor,
  icon: MenuIcon,
  children: readonly MenuLink[],
): MenuGroup {
  return { kind: 'group', id, label, icon, children };
}

/** SPEC §6 "Admin, Super Admin and default": every area of the school. */
const FULL_MENU: readonly MenuEntry[] = [
  dashboard,
  group('schedule', msg`Schedule`, 'schedule', [scheduleTeacher, scheduleSchool]),
  group('users', msg`Users`, 'users', [admins, observers, teachers, students]),
  attendance,
  achievement,
  subjects,
  requests,
  group('reports', msg`Reports`, 'reports', [
    reportAttendance,
    reportAchievement,
    reportStudent,
    reportStatistics,
  ]),
  masterSetting,
  viblo,
];

/** SPEC §6 observer-like variant: the full menu without admins, observers and master setting. */
const OBSERVER_HIDDEN = new Set([admins.id, observers.id, masterSetting.id]);
const OBSERVER_MENU: readonly MenuEntry[] = FULL_MENU.flatMap((entry): MenuEntry[] => {
  if (entry.kind === 'link') return OBSERVER_HIDDEN.has(entry.id) ? [] : [entry];
  return [{ ...entry, children: entry.children.filter((child) => !OBSERVER_HIDDEN.has(child.id)) }];
});

/**
 * SPEC §6 teacher-type menu, with the screens a teacher uses every day that SPEC's list leaves out (issue 25):
 * the schedules, attendance and achievement, which teachers could otherwise reach only by typing the address.
 * Students share the list; the route table hides what they may not open.
 */
const TEACHER_TYPE_MENU: readonly MenuEntry[] = [
  dashboard,
  group('schedule', msg`Schedule`, 'schedule', [scheduleTeacher, scheduleSchool]),
  attendance,
  achievement,
  students,
  subjects,
  achievementProfile,
  whoLooked,
  requests,
  viblo,
];

/** A guardian (issue 43) sees their children and nothing of the school's own screens. */
const GUARDIAN_MENU: readonly MenuEntry[] = [children];

/** SPEC §6: the administrator-only role (4) sees only the admins entry. */
const ADMINISTRATORS_ONLY_MENU: readonly MenuEntry[] = [admins];

/**
 * The side menu SPEC §6 defines for a role, before any filtering; phones show the same menu in their sidebar.
 * (SPEC's shorter mobile list, dashboard, education, student achievement and requests, left a teacher no way
 * to attendance or scores on a phone and every other role no way past the dashboard: issue 25.) Teachers and students share the
 * teacher-type menu (the student achievement profile and the teacher-only entries are then removed by the
 * route table in `visibleMenu`); unknown roles get the default (full) menu.
 */
export function menuForRole(role: number): readonly MenuEntry[] {
  switch (role) {
    case Role.observer:
      return OBSERVER_MENU;
    case Role.teacher:
    case Role.student:
      return TEACHER_TYPE_MENU;
    case Role.systemAdmin:
      return ADMINISTRATORS_ONLY_MENU;
    case Role.guardian:
      return GUARDIAN_MENU;
    default:
      return FULL_MENU;
  }
}

/** A menu link whose route is known to exist in this build. */
export type VisibleLink<Path extends string> = Omit<MenuLink, 'to'> & { to: Path };
export type VisibleGroup<Path extends string> = Omit<MenuGroup, 'children'> & {
  children: readonly VisibleLink<Path>[];
};
export type VisibleEntry<Path extends string> = VisibleLink<Path> | VisibleGroup<Path>;

/**
 * The entries to draw: only links whose screen is registered in this build (so nothing leads to a missing
 * page) and which the role may open (so nothing leads to the 403 screen); a sub-menu without a remaining
 * child disappears.
 */
export function visibleMenu<Path extends string>(
  entries: readonly MenuEntry[],
  role: AccountRole,
  isRegistered: (path: string) => path is Path,
): VisibleEntry<Path>[] {
  const visibleLink = (entry: MenuLink): VisibleLink<Path> | null => {
    const { to } = entry;
    if (!isRegistered(to) || !roleMayOpen(role, to)) return null;
    return { ...entry, to };
  };
  return entries.flatMap((entry): VisibleEntry<Path>[] => {
    if (entry.kind === 'link') {
      const shown = visibleLink(entry);
      return shown ? [shown] : [];
    }
    const children = entry.children.flatMap((child) => {
      const shown = visibleLink(child);
      return shown ? [shown] : [];
    });
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** The ids of a menu, sub-menus as `[id, [child ids]]`; the shape tests compare. */
export function menuOutline(
  entries: readonly (MenuEntry | VisibleEntry<string>)[],
): (string | [string, string[]])[] {
  return entries.map((entry) =>
    entry.kind === 'link' ? entry.id : [entry.id, entry.children.map((child) => child.id)],
  );
}
