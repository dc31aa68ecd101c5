import { useEffect, useState } from 'react';
import { useDatabase } from './database-context';
import { pendingCount$, syncIssues$ } from './outbox';
import type { OutboxDocType } from './outbox-schema';

/** How many local rows wait for the server, live; undefined while the database opens. */
export function usePendingCount(): number | undefined {
  const database = useDatabase();
  const [count, setCount] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!database) return;
    const subscription = pendingCount$(database).subscribe(setCount);
    return () => subscription.unsubscribe();
  }, [database]);
  return count;
}

/** The sync issues of this device, newest first, live. */
export function useSyncIssues(): readonly OutboxDocType[] {
  const database = useDatabase();
  const [issues, setIssues] = useState<readonly OutboxDocType[]>([]);
  useEffect(() => {
    if (!database) return;
    const subscription = syncIssues$(database).subscribe(setIssues);
    return () => subscription.unsubscribe();
  }, [database]);
  return issues;
}
