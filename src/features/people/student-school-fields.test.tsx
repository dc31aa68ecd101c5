import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MasterKind } from '../../../domain/master-kind';
import { ProvideDatabase } from '../../db/database-context';
import { masterRow, openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { type StudentSchool, StudentSchoolFields } from './student-form';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

/** The fields as a form holds them, with what they last reported. */
function SchoolForm({ start, seen }: { start: StudentSchool; seen: StudentSchool[] }) {
  const [values, setValues] = useState(start);
  return (
    <StudentSchoolFields
      values={values}
      errorOf={(field) => (field === 'faculty_id' ? 'Choose a faculty first.' : undefined)}
      onChange={(patch) => {
        const next = { ...values, ...patch };
        seen.push(next);
        setValues(next);
      }}
    />
  );
}

// A required field's label also holds its mark.
const field = (label: string) =>
  screen.getByRole('combobox', { name: new RegExp(`^${label}`) }) as HTMLSelectElement;
// The choices offered, the placeholder left out.
const optionsOf = (label: string) => [...field(label).options].map((option) => option.text).slice(1);

describe("a student's university, faculty and year code", () => {
  it("offers the chosen university's faculties and year codes, clears both when another is chosen, and shows each field's error", async () => {
    database = await openTestDatabase('student-school');
    await database.master.bulkInsert([
      masterRow({ id: 'u1', kind: MasterKind.universities, name: 'Kanto University' }),
      masterRow({ id: 'u2', kind: MasterKind.universities, name: 'Kansai University' }),
      masterRow({ id: 'f1', kind: MasterKind.faculties, name: 'Law', universityId: 'u1' }),
      masterRow({ id: 'f2', kind: MasterKind.faculties, name: 'Letters', universityId: 'u2' }),
      masterRow({ id: 'y1', kind: MasterKind.yearCodes, name: '2026 spring', universityId: 'u1' }),
      masterRow({ id: 'y2', kind: MasterKind.yearCodes, name: '2026 autumn', universityId: 'u2' }),
    ]);
    const seen: StudentSchool[] = [];
    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <SchoolForm start={{ university_id: 'u1', faculty_id: 'f1', year_code_id: 'y1' }} seen={seen} />
        </ProvideDatabase>
      </I18nProvider>,
    );
    await waitFor(() => expect(optionsOf('Faculty')).toEqual(['Law']));
    expect(optionsOf('Year code')).toEqual(['2026 spring']);
    expect(optionsOf('University').sort()).toEqual(['Kansai University', 'Kanto University']);
    expect(screen.getByText('Choose a faculty first.')).toBeTruthy();

    fireEvent.change(field('University'), { target: { value: 'u2' } });
    expect(seen.at(-1)).toEqual({ university_id: 'u2', faculty_id: '', year_code_id: '' });
    expect(optionsOf('Faculty')).toEqual(['Letters']);
    expect(optionsOf('Year code')).toEqual(['2026 autumn']);

    fireEvent.change(field('Year code'), { target: { value: 'y2' } });
    expect(seen.at(-1)).toEqual({ university_id: 'u2', faculty_id: '', year_code_id: 'y2' });
  });
});
