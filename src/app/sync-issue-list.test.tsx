import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanPublish } from '../../domain/lessons';
import { NoteKind, sittingNoteDoc } from '../../domain/sync-docs';
import { ProvideDatabase } from '../db/database-context';
import { lessonRow, openTestDatabase, scheduleRow } from '../db/database-test-helper';
import type { SchoolDatabase } from '../db/open-database';
import { recordIssue } from '../db/outbox';
import { SyncIssueList } from './sync-issue-list';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe('the sync issue list', () => {
  it('names a refused lesson plan by its lesson and sitting, and its status in words', async () => {
    database = await openTestDatabase('issue-list');
    await database.schedules.insert(scheduleRow({ id: 'schedule-3' }));
    await database.lessons.insert(lessonRow({ id: 'lesson-1', name: 'Functions' }));
    const plan = {
      ...sittingNoteDoc({
        id: 'plan-1',
        kind: NoteKind.plan,
        subjectId: 'subject-1',
        universityId: 'u',
        lessonId: 'lesson-1',
        scheduleId: 'schedule-3',
        authorId: 'teacher-1',
      }),
      publish: PlanPublish.published,
    };
    await recordIssue(database, {
      collection: 'notes',
      docId: plan.id,
      reason: 'forbidden',
      fields: ['publish'],
      local: plan,
      at: 1,
    });
    render(
      <I18nProvider i18n={i18n}>
        <ProvideDatabase database={database}>
          <SyncIssueList />
        </ProvideDatabase>
      </I18nProvider>,
    );
    expect(await screen.findByText(/^Lesson plan · Functions · .*09:00$/)).toBeTruthy();
    expect(screen.getByText('You may not change this')).toBeTruthy();
    expect(screen.getByText(/Plan status Registered/)).toBeTruthy();
  });
});
