import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useDatabase } from '../db/database-context';
import type { SchoolDatabase } from '../db/open-database';
import { OutboxKind } from '../db/outbox-schema';
import { issueWording } from '../db/synced-collection-wording';
import { formatDate } from '../i18n/format';
import { localeOrDefault } from '../i18n/i18n';
import { Button } from '../ui/button';

/** One write of this device the server will never take: what it was and when it was made. */
type RefusedWrite = { id: string; collectionName: string; at: number };

/** The device's writes not taken by the server: those still waiting and those already refused. */
async function readUnsavedWrites(database: SchoolDatabase): Promise<RefusedWrite[]> {
  const entries = await database.outbox
    .find({ selector: { kind: { $in: [OutboxKind.pending, OutboxKind.issue] } } })
    .exec();
  return entries
    .map((entry) => ({ id: entry.id, collectionName: entry.collectionName, at: entry.at }))
    .sort((a, b) => a.at - b.at);
}

/**
 * What a device shows when the server says the user's account was blocked or removed: the writes of this
 * device that will never be saved, listed as refused, and then the user's data is wiped from the device
 * (`wipe`). The list is read before the wipe starts, so nothing waiting goes without being shown.
 */
export function AccountClosedScreen({ wipe, onDone }: { wipe: () => Promise<void>; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const database = useDatabase();
  const [writes, setWrites] = useState<RefusedWrite[] | null>(null);
  const [wiped, setWiped] = useState(false);

  useEffect(() => {
    // The list is read from the database: the wipe waits until it is open and read.
    if (!database) return;
    let current = true;
    void readUnsavedWrites(database)
      .catch(() => [])
      .then((unsaved) => {
        if (current) setWrites(unsaved);
      });
    return () => {
      current = false;
    };
  }, [database]);

  // Once the list is on screen (effects run after it is rendered), the user's data goes.
  const listed = writes !== null;
  useEffect(() => {
    if (!listed) return;
    let current = true;
    void wipe().finally(() => {
      if (current) setWiped(true);
    });
    return () => {
      current = false;
    };
  }, [listed, wipe]);

  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 p-4 sm:p-8">
      <h1 className="text-xl font-semibold">
        <Trans>This account can no longer be used</Trans>
      </h1>
      <p>
        <Trans>
          Your account was blocked or removed by the school. Everything of it is being removed from this
          device.
        </Trans>
      </p>
      {writes && writes.length > 0 && (
        <section aria-labelledby="refused-writes" className="flex flex-col gap-2">
          <h2 id="refused-writes" className="font-semibold">
            <Trans>Changes the server refused</Trans>
          </h2>
          <p className="text-sm text-slate-700">
            <Trans>
              These changes made on this device were not saved and cannot be: ask the school office if they
              are still needed.
            </Trans>
          </p>
          <ul className="flex flex-col divide-y divide-slate-200 rounded border border-slate-200 text-sm">
            {writes.map((write) => (
              <li key={write.id} className="flex flex-wrap justify-between gap-x-4 px-3 py-2">
                <span className="break-words">
                  {i18n._(issueWording(write.collectionName)?.label ?? msg`Data`)}
                </span>
                <span className="text-slate-600">
                  {t`Refused`} · {formatDate(write.at, locale, 'dateTime')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Button onClick={onDone} disabled={!wiped}>
        {wiped ? <Trans>Go to sign-in</Trans> : <Trans>Removing data from this device…</Trans>}
      </Button>
    </main>
  );
}
