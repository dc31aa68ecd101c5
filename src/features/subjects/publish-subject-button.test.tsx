import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../domain/errors';
import { LessonType, PublishState } from '../../../domain/lessons';
import type { Lesson } from '../../../domain/schemas/lessons';
import type { Subject } from '../../../domain/schemas/subjects';
import { PublishSubjectButton, type PublishSubjectCall } from './publish-subject-button';

const lesson = (id: string, publish: PublishState): Lesson => ({
  id,
  subject_id: 'subject-1',
  name: `Lesson ${id}`,
  type: LessonType.lesson,
  publish,
  table_of_contents: null,
  overview: null,
  minutes: null,
  exam_name_id: null,
  score_names: [],
});

/** A draft copy with two draft lessons and one already published. */
const DRAFT: Subject = {
  id: 'subject-1',
  name: 'Japanese',
  university: { id: 'u-1', name: 'University' },
  faculty: null,
  year_code: null,
  start_date: '2026-10-01',
  end_date: '2027-03-31',
  publish: PublishState.draft,
  subject_name_id: 'name-1',
  class_with_students: [],
  lessons: [
    lesson('a', PublishState.draft),
    lesson('b', PublishState.draft),
    lesson('c', PublishState.published),
  ],
};

function renderButton(publish: PublishSubjectCall) {
  const notify = vi.fn();
  const onPublished = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <PublishSubjectButton subject={DRAFT} notify={notify} onPublished={onPublished} publish={publish} />
    </I18nProvider>,
  );
  return { notify, onPublished };
}

describe('registering a draft subject from its screen', () => {
  it('asks first, naming the draft lessons published with it, then registers and says so', async () => {
    const publish = vi.fn<PublishSubjectCall>(async () => ({ ok: true, value: null }));
    const { notify, onPublished } = renderButton(publish);
    fireEvent.click(screen.getByRole('button', { name: 'Register subject' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Register this subject?' });
    expect(dialog.textContent).toContain('its 2 draft lessons and exams are published with it');
    expect(publish).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledTimes(1));
    expect(publish).toHaveBeenCalledWith('subject-1');
    expect(notify).toHaveBeenCalledWith('Subject registered', true);
  });

  it('changes nothing when the admin cancels', () => {
    const publish = vi.fn<PublishSubjectCall>(async () => ({ ok: true, value: null }));
    renderButton(publish);
    fireEvent.click(screen.getByRole('button', { name: 'Register subject' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(publish).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and stays on the draft', async () => {
    const publish: PublishSubjectCall = async () => ({
      ok: false,
      failure: { code: ErrorCode.subjectAlreadyPublished },
    });
    const { notify, onPublished } = renderButton(publish);
    fireEvent.click(screen.getByRole('button', { name: 'Register subject' }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('This subject is already registered.', false));
    expect(onPublished).not.toHaveBeenCalled();
  });
});
