import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProvideDatabase } from '../db/database-context';
import { lessonRow, openTestDatabase, planRow, scheduleRow } from '../db/database-test-helper';
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
    const plan = planRow({ id: 'plan-1' });
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
