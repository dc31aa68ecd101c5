import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../../domain/roles';
import type { UserScheduleFilterResponse } from '../../../domain/schemas/schedules';
import { createSessionStore, type SessionStore } from '../../app/session';
import { SessionProvider } from '../../app/session-context';
import { ProvideDatabase } from '../../db/database-context';
import { openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import type { PersonDocType } from '../../db/synced-schemas';
import { TeacherScheduleScreen } from './teacher-schedule-screen';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  vi.unstubAllGlobals();
  await database?.remove();
  database = undefined;
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A teacher as an admin's device stores them: with the e-mail a staff viewer's pull carries. */
function teacher(id: number, name: string, email: string | null): PersonDocType {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    role: Role.teacher,
    name,
    // Namesakes of one reading: the kana cannot tell them apart.
    nameKana: name === '林 葵' ? 'ハヤシ アオイ' : null,
    email,
    avatar: null,
    retireAt: null,
    deactivated: false,
    studentId: null,
    identity: null,
    universityId: null,
    facultyId: null,
    yearCodeId: null,
    updatedAt: id,
  };
}

async function renderPicker(teachers: PersonDocType[]): Promise<void> {
  database = await openTestDatabase('teacher-picker');
  await database.people.bulkInsert(teachers);
  // No saved choice: the admin is asked to choose, the picker open.
  const answer: UserScheduleFilterResponse = {
    users: [],
    faculties_by_user: [],
    yearcodes_by_user: [],
    filter: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(answer)),
  );
  const store: SessionStore = await createSessionStore(localStorage);
  render(
    <I18nProvider i18n={i18n}>
      <SessionProvider store={store}>
        <ProvideDatabase database={database}>
          <TeacherScheduleScreen
            role={Role.admin}
            userId="99999999-9999-4999-8999-999999999999"
            state={{ teachers: [], view: 'week', date: '2026-04-06' }}
            today="2026-04-06"
            isMobile={false}
            onChange={() => {}}
          />
        </ProvideDatabase>
      </SessionProvider>
    </I18nProvider>,
  );
}

describe("the teacher schedule's picker (issue 42 row 9)", () => {
  it('tells the namesakes apart by their e-mail and leaves a unique name bare', async () => {
    await renderPicker([
      teacher(1, '林 葵', 'hayashi.a@school.test'),
      teacher(2, '林 葵', 'aoi.hayashi@school.test'),
      teacher(3, '林 葵', 'hayashi3@school.test'),
      teacher(4, '森 光', 'mori@school.test'),
    ]);
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(4));
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual([
      '林 葵 · hayashi.a@school.test',
      '林 葵 · aoi.hayashi@school.test',
      '林 葵 · hayashi3@school.test',
      '森 光',
    ]);
    expect(screen.getByRole('checkbox', { name: '林 葵 · aoi.hayashi@school.test' })).toBeTruthy();
  });
});
