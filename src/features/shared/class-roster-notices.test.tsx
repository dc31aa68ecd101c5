import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aheadRowsAsked } from '../../db/ahead-asks';
import { ProvideDatabase } from '../../db/database-context';
import { openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { ClassRosterNotices, useNamesAhead } from './class-roster-notices';

let database: SchoolDatabase | undefined;

/** A class sheet's notices, asking for its missing names as a sheet does. */
function Sheet({ awaiting }: { awaiting: string[] }) {
  useNamesAhead(awaiting);
  return <ClassRosterNotices rows={3} awaitingStudents={awaiting} />;
}

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe('a class sheet whose students’ names have not all come', () => {
  it('says how many are awaited and asks for them ahead of the rest of the first pull of people', async () => {
    database = await openTestDatabase('roster-notices');
    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <Sheet awaiting={['student-1', 'student-2']} />
        </ProvideDatabase>
      </I18nProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/2/);
    const db = database;
    await waitFor(async () => expect(await aheadRowsAsked(db, 'people')).toEqual(['student-1', 'student-2']));
  });
});
