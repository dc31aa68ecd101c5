import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { CallResult } from '../api/call-api';
import { useDatabase } from './database-context';

/** What an online-only read answered: the result of its `callApi` call. */
export type ViewAnswer<T> = CallResult<T>;

/** An online-only read as a screen shows it. */
export type OnlineView<T> = {
  /** The fresh answer, else the last stored one, else null. */
  value: T | null;
  /** When `value` was fetched, epoch ms; null without a value. */
  at: number | null;
  /** True when `value` is a stored answer because this read failed (offline): show "as of `at`". */
  stale: boolean;
  /** Why there is nothing to show (`offline_feature` when offline with nothing stored); null otherwise. */
  failure: string | null;
  reload: () => void;
};

type Answer<T> = { value: T; at: number };

const OFFLINE_NOW = 'offline_now';
const OFFLINE_FEATURE = 'offline_feature';

/** A stored answer read back through `schema`; anything else (an older shape) counts as none. */
function parseStored<T>(schema: z.ZodType<T>, doc: { data: string; at: number } | null): Answer<T> | null {
  if (!doc) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(doc.data));
    return parsed.success ? { value: parsed.data, at: doc.at } : null;
  } catch {
    return null;
  }
}

/**
 * Runs an online-only read (`fetcher`, a `callApi` call) and keeps its last answer in the `views` collection under `key`.
 * The screen gets the fresh answer when the read works, and the stored one with its time when it fails.
 * The fetcher may change identity on every render; `key` names the query. A change of `round` reads it again
 * under the same key (after a save elsewhere on the screen), as `reload` does: the last answer stays shown.
 */
export function useOnlineView<T>(
  key: string,
  fetcher: () => Promise<ViewAnswer<T>>,
  schema: z.ZodType<T>,
  round = 0,
): OnlineView<T> {
  const database = useDatabase();
  const [stored, setStored] = useState<Answer<T> | null>(null);
  // The fresh answer and the failure are kept with the key they answer: a reload (a new round of the same
  // key) keeps showing the last answer until the new one comes, while another key shows none of the old.
  const [fresh, setFresh] = useState<(Answer<T> & { key: string }) | null>(null);
  const [failed, setFailed] = useState<{ key: string; code: string } | null>(null);
  const [ownRound, setOwnRound] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    if (!database) return;
    const subscription = database.views
      .findOne(key)
      .$.subscribe((doc) => setStored(parseStored(schema, doc ? { data: doc.data, at: doc.at } : null)));
    return () => subscription.unsubscribe();
  }, [database, key, schema]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the rounds re-run the read when asked to.
  useEffect(() => {
    let live = true;
    void fetcherRef.current().then((answer) => {
      if (!live) return;
      if (answer.ok) {
        setFresh({ key, value: answer.value, at: Date.now() });
        setFailed(null);
      } else {
        // The stored answer shows now, with its time: the same value, marked as not fresh.
        setFresh(null);
        setFailed({ key, code: answer.failure.code });
      }
    });
    return () => {
      live = false;
    };
  }, [key, round, ownRound]);

  useEffect(() => {
    if (!database || !fresh) return;
    void database.views.upsert({ id: fresh.key, data: JSON.stringify(fresh.value), at: fresh.at });
  }, [database, fresh]);

  const reload = useCallback(() => setOwnRound((current) => current + 1), []);
  const current = fresh?.key === key ? fresh : null;
  const failure = failed?.key === key ? failed.code : null;
  const shown = current ?? (failure ? stored : null);
  const nothing = failure === OFFLINE_NOW ? OFFLINE_FEATURE : failure;
  return {
    value: shown?.value ?? null,
    at: shown?.at ?? null,
    stale: shown !== null && current === null,
    failure: shown ? null : nothing,
    reload,
  };
}
