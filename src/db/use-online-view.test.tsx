import { renderHook, waitFor } from '@testing-library/react';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProvideDatabase } from './database-context';
import { openDatabase, type SchoolDatabase } from './open-database';
import { useOnlineView, type ViewAnswer } from './use-online-view';

const settingsSchema = z.object({ web: z.boolean(), mail: z.boolean() });
type Settings = z.infer<typeof settingsSchema>;

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

async function open(): Promise<{
  db: SchoolDatabase;
  wrapper: (props: { children: ReactNode }) => ReactNode;
}> {
  const db = await openDatabase(`views-${Date.now()}-${Math.random().toString(36).slice(2)}`, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
  });
  database = db;
  return { db, wrapper: ({ children }) => <ProvideDatabase database={db}>{children}</ProvideDatabase> };
}

const answer =
  (value: Settings): (() => Promise<ViewAnswer<Settings>>) =>
  async () => ({ ok: true, value });
const offline = async (): Promise<ViewAnswer<Settings>> => ({ ok: false, failure: { code: 'offline_now' } });

describe('useOnlineView', () => {
  it('shows the fresh answer online, then the stored one with its time when offline', async () => {
    const { db, wrapper } = await open();
    const online = renderHook(
      () => useOnlineView('/api/settings', answer({ web: true, mail: false }), settingsSchema),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(online.result.current.value).toEqual({ web: true, mail: false }));
    expect(online.result.current.stale).toBe(false);
    await waitFor(async () => expect(await db.views.findOne('/api/settings').exec()).not.toBeNull());
    const storedAt = (await db.views.findOne('/api/settings').exec())?.at;
    online.unmount();

    const later = renderHook(() => useOnlineView('/api/settings', offline, settingsSchema), { wrapper });
    await waitFor(() => expect(later.result.current.value).toEqual({ web: true, mail: false }));
    expect(later.result.current.stale).toBe(true);
    expect(later.result.current.at).toBe(storedAt);
    expect(later.result.current.failure).toBeNull();
    later.unmount();
  });

  it('keeps showing the last answer while a reload runs, and shows none of it under another key', async () => {
    const { wrapper } = await open();
    let release: (value: Settings) => void = () => {};
    let calls = 0;
    const fetcher = async (): Promise<ViewAnswer<Settings>> => {
      calls += 1;
      if (calls === 1) return { ok: true, value: { web: true, mail: false } };
      return { ok: true, value: await new Promise<Settings>((resolve) => (release = resolve)) };
    };
    const view = renderHook(({ key }) => useOnlineView(key, fetcher, settingsSchema), {
      wrapper,
      initialProps: { key: '/api/settings' },
    });
    await waitFor(() => expect(view.result.current.value).toEqual({ web: true, mail: false }));

    view.result.current.reload();
    await waitFor(() => expect(calls).toBe(2));
    expect(view.result.current.value).toEqual({ web: true, mail: false });
    expect(view.result.current.stale).toBe(false);
    release({ web: false, mail: true });
    await waitFor(() => expect(view.result.current.value).toEqual({ web: false, mail: true }));

    view.rerender({ key: '/api/other-settings' });
    expect(view.result.current.value).toBeNull();
    view.unmount();
  });

  it('says the feature is not available offline when nothing was ever stored', async () => {
    const { wrapper } = await open();
    const view = renderHook(() => useOnlineView('/api/never', offline, settingsSchema), { wrapper });
    await waitFor(() => expect(view.result.current.failure).toBe('offline_feature'));
    expect(view.result.current.value).toBeNull();
    view.unmount();
  });

  it('ignores a stored answer of another shape (an older build) instead of showing it', async () => {
    const { db, wrapper } = await open();
    await db.views.insert({ id: '/api/settings', data: JSON.stringify({ web: 'yes' }), at: 1 });
    const view = renderHook(() => useOnlineView('/api/settings', offline, settingsSchema), { wrapper });
    await waitFor(() => expect(view.result.current.failure).toBe('offline_feature'));
    view.unmount();
  });
});
