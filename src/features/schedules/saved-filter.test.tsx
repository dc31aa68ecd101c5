import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleFilter, UserScheduleFilterResponse } from '../../../domain/schemas/schedules';
import { appToasts } from '../../app/toasts';
import { ProvideDatabase } from '../../db/database-context';
import { openTestDatabase } from '../../db/database-test-helper';
import type { SchoolDatabase } from '../../db/open-database';
import { useSavedFilter } from './school-schedule-screen';

const TEACHER = '11111111-1111-4111-8111-111111111111';
const ADMIN = '22222222-2222-4222-8222-222222222222';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const toast of appToasts.list()) appToasts.dismiss(toast.id);
  await database?.remove();
  database = undefined;
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server that offers one teacher and answers every save with `saveStatus`; it keeps the bodies saved. */
function stubServer(saved: UserScheduleFilterResponse['filter'], saveStatus: 200 | 422) {
  const sent: ScheduleFilter[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/csrf') return json(200, { message: 'ok', token: 'csrf' });
      if (path === '/api/schedules/get-filter') {
        const answer: UserScheduleFilterResponse = {
          users: [{ id: TEACHER, name: 'Tanaka' }],
          faculties_by_user: [],
          yearcodes_by_user: [],
          filter: saved,
        };
        return json(200, answer);
      }
      if (path === '/api/schedules/save-filter') {
        const body = JSON.parse(String(init?.body)) as ScheduleFilter;
        sent.push(body);
        return saveStatus === 200
          ? json(200, body)
          : json(422, { message: 'The given data was invalid.', errors: { teachers: ['invalid'] } });
      }
      return json(404, { message: 'Not found' });
    }),
  );
  return sent;
}

async function renderSavedFilter(apply: (filter: ScheduleFilter) => void) {
  database = await openTestDatabase('saved-filter');
  const db = database;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <ProvideDatabase database={db}>{children}</ProvideDatabase>
    </I18nProvider>
  );
  return renderHook(() => useSavedFilter(true, apply), { wrapper });
}

const NOTHING: ScheduleFilter = {
  university: null,
  faculty: null,
  yearCode: null,
  teachers: [],
  monthly: false,
};

describe('the schedule screens’ saved filter', () => {
  it('never sends an id that is no teacher, and applies a saved choice without one', async () => {
    const sent = stubServer({ ...NOTHING, teachers: [TEACHER, ADMIN] }, 200);
    const apply = vi.fn();
    const { result } = await renderSavedFilter(apply);
    await waitFor(() => expect(apply).toHaveBeenCalledWith({ ...NOTHING, teachers: [TEACHER] }));
    act(() => result.current({ teachers: [ADMIN, TEACHER] }));
    await waitFor(() => expect(sent).toEqual([{ ...NOTHING, teachers: [TEACHER] }]));
    expect(appToasts.list()).toEqual([]);
  });

  it('says so in a toast when the server refuses the save', async () => {
    stubServer(null, 422);
    const { result } = await renderSavedFilter(() => undefined);
    // The save waits for the server's list of teachers.
    await waitFor(async () => expect(await database?.views.count().exec()).toBe(1));
    act(() => result.current({ monthly: true }));
    await waitFor(() =>
      expect(appToasts.list()).toMatchObject([
        {
          tone: 'error',
          title: 'Your schedule choice could not be saved.',
          description: 'This value is not valid.',
        },
      ]),
    );
  });
});
