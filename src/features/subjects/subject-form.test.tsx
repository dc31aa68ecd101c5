import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublishState } from '../../../domain/lessons';
import type { Subject } from '../../../domain/schemas/subjects';
import { SubjectForm } from './subject-form';

const STORED: Subject = {
  id: 'subject-1',
  name: 'Japanese',
  university: { id: 'u-1', name: 'University' },
  faculty: null,
  year_code: null,
  start_date: '2026-10-01',
  end_date: '2027-03-31',
  publish: PublishState.published,
  subject_name_id: 'name-1',
  class_with_students: [],
  lessons: [],
};

/** The same subject as another admin saved it meanwhile: a later end. */
const CHANGED: Subject = { ...STORED, end_date: '2027-03-20' };

function form(subject: Subject) {
  return (
    <I18nProvider i18n={i18n}>
      <SubjectForm subject={subject} onSaved={() => {}} onCancel={() => {}} />
    </I18nProvider>
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: false }) as HTMLInputElement;

describe('the subject form over a subject that changes while it is open', () => {
  it('keeps what the admin typed when the subject changes underneath, and says so with reload and keep', () => {
    const { rerender } = render(form(STORED));
    fireEvent.change(field('Start date'), { target: { value: '2026-10-05' } });

    rerender(form(CHANGED));

    expect(field('Start date').value).toBe('2026-10-05');
    expect(field('End date').value).toBe('2027-03-31');
    expect(screen.getByRole('status').textContent).toContain('changed meanwhile');

    // Keeping theirs hides the note; the typed value stays.
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(field('Start date').value).toBe('2026-10-05');
  });

  it('loads the new version when the admin asks for it', () => {
    const { rerender } = render(form(STORED));
    fireEvent.change(field('Start date'), { target: { value: '2026-10-05' } });
    rerender(form(CHANGED));

    fireEvent.click(screen.getByRole('button', { name: 'Load the new version' }));

    expect(field('Start date').value).toBe('2026-10-01');
    expect(field('End date').value).toBe('2027-03-20');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes a changed subject silently while the form is untouched', () => {
    const { rerender } = render(form(STORED));
    rerender(form(CHANGED));
    expect(field('End date').value).toBe('2027-03-20');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
