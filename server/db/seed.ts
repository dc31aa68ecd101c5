import { count } from 'drizzle-orm';
import { YEAR_CODE_COLORS } from '../../domain/master';
import { type AccountRole, Role } from '../../domain/roles';
import type { PasswordHasher } from '../modules/auth/passwords';
import { nextSequence, SyncScope } from '../sync/sequence';
import type { Database, Transaction } from './client';
import {
  classNames,
  examNames,
  faculties,
  rooms,
  semesters,
  students,
  subjectNames,
  universities,
  users,
  yearCodes,
} from './schema';

/** A demo account, as printed after seeding. */
export interface DemoAccount {
  email: string;
  name: string;
  role: AccountRole;
}

/** The sign-in accounts every demo database has (README and tests rely on these five). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.test', name: '管理 花子', role: Role.admin },
  { email: 'super@demo.test', name: 'システム 管理者', role: Role.superAdmin },
  { email: 'teacher@demo.test', name: '田中 一郎', role: Role.teacher },
  { email: 'observer@demo.test', name: '佐藤 美咲', role: Role.observer },
  { email: 'student@demo.test', name: 'Nguyễn Văn An', role: Role.student },
];

const EXTRA_TEACHERS: readonly DemoAccount[] = [
  { email: 'teacher2@demo.test', name: '鈴木 健太', role: Role.teacher },
  { email: 'teacher3@demo.test', name: 'Trần Thị Hoa', role: Role.teacher },
];

const EXTRA_STUDENTS: readonly DemoAccount[] = [
  { email: 'student2@demo.test', name: 'Lê Minh Khoa', role: Role.student },
  { email: 'student3@demo.test', name: 'Phạm Thu Trang', role: Role.student },
  { email: 'student4@demo.test', name: '山本 さくら', role: Role.student },
  { email: 'student5@demo.test', name: 'Hoàng Đức Anh', role: Role.student },
];

const ROLE_LABELS: Record<AccountRole, string> = {
  [Role.observer]: 'observer',
  [Role.teacher]: 'teacher',
  [Role.admin]: 'admin',
  [Role.superAdmin]: 'super admin',
  [Role.student]: 'student',
};

/** What the seed needs besides the database. */
export interface SeedOptions {
  demoPassword: string;
  passwords: PasswordHasher;
  now: Date;
  print: (line: string) => void;
}

/** Whether the seed ran, and the accounts it made. */
export interface SeedResult {
  seeded: boolean;
  accounts: DemoAccount[];
}

/**
 * Seeds a small demo school when the database has no users, in one transaction; a second call does nothing.
 * The names are fixed so every demo looks the same.
 */
export async function seedDemoSchool(db: Database, options: SeedOptions): Promise<SeedResult> {
  if (!(await hasNoUsers(db))) return { seeded: false, accounts: [] };

  const accounts = [...DEMO_ACCOUNTS, ...EXTRA_TEACHERS, ...EXTRA_STUDENTS];
  // Hashed before the transaction: argon2 is slow on purpose and must not hold the sequence lock.
  const hashes = await Promise.all(accounts.map(() => options.passwords.hash(options.demoPassword)));

  const seeded = await db.transaction(async (tx) => {
    // Re-checked inside the transaction in case another process seeded meanwhile.
    if (!(await hasNoUsers(tx))) return false;
    const master = await seedMaster(tx, options.now);
    const peopleSeq = await nextSequence(tx, SyncScope.people);
    const insertedUsers = await tx
      .insert(users)
      .values(
        accounts.map((account, index) => ({
          email: account.email,
          name: account.name,
          role: account.role,
          passwordHash: hashes[index] ?? '',
          seq: peopleSeq,
          createdAt: options.now,
          updatedAt: options.now,
        })),
      )
      .returning({ id: users.id, role: users.role });
    const studentUsers = insertedUsers.filter((user) => user.role === Role.student);
    if (studentUsers.length > 0) {
      await tx.insert(students).values(
        studentUsers.map((user, index) => ({
          userId: user.id,
          identity: `S2026${String(index + 1).padStart(3, '0')}`,
          universityId: master.universityId,
          facultyId: master.facultyId,
          yearCodeId: master.yearCodeId,
          seq: peopleSeq,
          createdAt: options.now,
          updatedAt: options.now,
        })),
      );
    }
    return true;
  });
  if (!seeded) return { seeded: false, accounts: [] };

  printAccounts(options.print, accounts, options.demoPassword);
  return { seeded: true, accounts };
}

async function hasNoUsers(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) === 0;
}

interface SeededMaster {
  universityId: string;
  facultyId: string;
  yearCodeId: string;
}

function first<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`seed: no ${what} inserted`);
  return row;
}

async function seedMaster(tx: Transaction, now: Date): Promise<SeededMaster> {
  // The whole seed is one change: every master row shares one sequence, ordered within it by id.
  const seq = await nextSequence(tx, SyncScope.master);
  const stamp = { seq, createdAt: now, updatedAt: now };

  const [tokyo, kansai] = await tx
    .insert(universities)
    .values([
      { name: '東都国際大学', ...stamp },
      { name: '関西ビジネス大学', ...stamp },
    ])
    .returning({ id: universities.id });
  if (!tokyo || !kansai) throw new Error('seed: universities not inserted');

  const facultyRows = await tx
    .insert(faculties)
    .values([
      { name: '国際教養学部', universityId: tokyo.id, ...stamp },
      { name: '情報科学部', universityId: tokyo.id, ...stamp },
      { name: '経営学部', universityId: tokyo.id, ...stamp },
      { name: '日本語学部', universityId: kansai.id, ...stamp },
      { name: '観光学部', universityId: kansai.id, ...stamp },
    ])
    .returning({ id: faculties.id, universityId: faculties.universityId });
  const liberalArts = first(facultyRows, 'faculty');
  const japanese = first(
    facultyRows.filter((row) => row.universityId === kansai.id),
    'faculty of the second university',
  );

  const yearCodeRows = await tx
    .insert(yearCodes)
    .values([
      {
        name: '2025A',
        color: YEAR_CODE_COLORS[0],
        universityId: tokyo.id,
        facultyId: liberalArts.id,
        ...stamp,
      },
      {
        name: '2025B',
        color: YEAR_CODE_COLORS[5],
        universityId: tokyo.id,
        facultyId: liberalArts.id,
        ...stamp,
      },
      {
        name: '2026A',
        color: YEAR_CODE_COLORS[9],
        universityId: kansai.id,
        facultyId: japanese.id,
        ...stamp,
      },
      {
        name: '2026B',
        color: YEAR_CODE_COLORS[14],
        universityId: kansai.id,
        facultyId: japanese.id,
        ...stamp,
      },
    ])
    .returning({ id: yearCodes.id });

  await tx.insert(classNames).values([
    { name: 'A組', universityId: tokyo.id, ...stamp },
    { name: 'B組', universityId: tokyo.id, ...stamp },
    { name: 'C組', universityId: tokyo.id, ...stamp },
    { name: '1組', universityId: kansai.id, ...stamp },
    { name: '2組', universityId: kansai.id, ...stamp },
  ]);

  const subjectRows = await tx
    .insert(subjectNames)
    .values([
      { name: '日本語', ...stamp },
      { name: '数学', ...stamp },
      { name: '英語', ...stamp },
      { name: '情報処理', ...stamp },
      { name: 'ビジネスマナー', ...stamp },
    ])
    .returning({ id: subjectNames.id });
  await tx.insert(examNames).values(
    subjectRows.slice(0, 3).flatMap((subject) => [
      { name: '中間試験', subjectNameId: subject.id, ...stamp },
      { name: '期末試験', subjectNameId: subject.id, ...stamp },
    ]),
  );

  await tx.insert(rooms).values([
    { name: '101教室', universityId: tokyo.id, ...stamp },
    { name: '102教室', universityId: tokyo.id, ...stamp },
    { name: 'コンピュータ室', universityId: tokyo.id, ...stamp },
    { name: '大講義室', universityId: kansai.id, ...stamp },
  ]);

  await tx.insert(semesters).values([
    { name: '2026年度 前期', startDate: '2026-04-01', endDate: '2026-09-30', ...stamp },
    { name: '2026年度 後期', startDate: '2026-10-01', endDate: '2027-03-31', ...stamp },
  ]);

  return {
    universityId: tokyo.id,
    facultyId: liberalArts.id,
    yearCodeId: first(yearCodeRows, 'year code').id,
  };
}

function printAccounts(print: (line: string) => void, accounts: DemoAccount[], password: string): void {
  const width = Math.max(...accounts.map((account) => account.email.length));
  print('');
  print('Demo school created. Sign in with any of these accounts:');
  print(`  ${'email'.padEnd(width)}  role             password`);
  for (const account of accounts) {
    const role = `${ROLE_LABELS[account.role]} (${account.role})`;
    print(`  ${account.email.padEnd(width)}  ${role.padEnd(15)}  ${password}`);
  }
  print('');
}
