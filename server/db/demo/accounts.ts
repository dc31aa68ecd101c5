import { type AccountRole, Role } from '../../../domain/roles';

/** A demo account, as printed after seeding. */
export interface DemoAccount {
  email: string;
  name: string;
  role: AccountRole;
  /** A newly issued account that must choose its own password at the first sign-in (SPEC §4). */
  mustChangePassword?: boolean;
}

/** The sign-in accounts every demo database has (README and tests rely on these five). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.test', name: '管理 花子', role: Role.admin },
  { email: 'super@demo.test', name: 'システム 管理者', role: Role.superAdmin },
  { email: 'teacher@demo.test', name: '田中 一郎', role: Role.teacher },
  { email: 'observer@demo.test', name: '佐藤 美咲', role: Role.observer },
  { email: 'student@demo.test', name: 'Nguyễn Văn An', role: Role.student },
];

/** Further named teachers, so a class can have more than one and the demo teacher has colleagues. */
export const EXTRA_TEACHERS: readonly DemoAccount[] = [
  { email: 'teacher2@demo.test', name: '鈴木 健太', role: Role.teacher },
  { email: 'teacher3@demo.test', name: 'Trần Thị Hoa', role: Role.teacher },
];

/** Further named students, the demo student's classmates. */
export const EXTRA_STUDENTS: readonly DemoAccount[] = [
  { email: 'student2@demo.test', name: 'Lê Minh Khoa', role: Role.student },
  { email: 'student3@demo.test', name: 'Phạm Thu Trang', role: Role.student },
  { email: 'student4@demo.test', name: '山本 さくら', role: Role.student },
  { email: 'student5@demo.test', name: 'Hoàng Đức Anh', role: Role.student },
];

/** Newly issued teacher accounts that must change their password first: the forced-change flow's demo. */
export const NEW_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'newcomer@demo.test', name: '新井 翔太', role: Role.teacher, mustChangePassword: true },
  { email: 'newcomer2@demo.test', name: 'Võ Minh Tuấn', role: Role.teacher, mustChangePassword: true },
  { email: 'newcomer3@demo.test', name: 'Trần Thị Mai', role: Role.teacher, mustChangePassword: true },
];

/**
 * The demo guardian (issue 43), linked to the demo student and one classmate (`GUARDIAN_WARDS`): the parent's
 * view of two children.
 */
export const GUARDIAN_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'guardian@demo.test', name: 'Nguyễn Thị Lan', role: Role.guardian },
];

/** The students each demo guardian is linked to, by e-mail. */
export const GUARDIAN_WARDS: Readonly<Record<string, readonly string[]>> = {
  'guardian@demo.test': ['student@demo.test', 'student2@demo.test'],
};

/** Every named account, in the order the seed prints them. */
export const NAMED_ACCOUNTS: readonly DemoAccount[] = [
  ...DEMO_ACCOUNTS,
  ...EXTRA_TEACHERS,
  ...EXTRA_STUDENTS,
  ...NEW_ACCOUNTS,
  ...GUARDIAN_ACCOUNTS,
];

/**
 * The accounts a first start prints and the README lists (one of each role, and one that must choose its
 * password first); the other named accounts share their password.
 */
export const QUICK_START_ACCOUNTS: readonly DemoAccount[] = [
  ...DEMO_ACCOUNTS,
  ...GUARDIAN_ACCOUNTS,
  ...NEW_ACCOUNTS.slice(0, 1),
];
