import { useEffect, useState } from 'react';
import { useDatabase } from './database-context';
import { pendingCount$, syncIssues$ } from './outbox';
import type { OutboxDocType } from './outbox-schema';
import { describeSyncIssue, type SyncIssueSubject } from './sync-issue-subject';

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

/**
 * What each sync issue is about (see `describeSyncIssue`), by issue id; an issue is missing from the map
 * until its rows have been read.
 */
export function useSyncIssueSubjects(
  issues: readonly OutboxDocType[],
): ReadonlyMap<string, SyncIssueSubject> {
  const database = useDatabase();
  const [subjects, setSubjects] = useState<ReadonlyMap<string, SyncIssueSubject>>(new Map());
  useEffect(() => {
    if (!database || issues.length === 0) return;
    let current = true;
    void Promise.all(
      issues.map(async (issue) => [issue.id, await describeSyncIssue(database, issue)] as const),
    ).then((described) => {
      if (current) setSubjects(new Map(described));
    });
    return () => {
      current = false;
    };
  }, [database, issues]);
  return subjects;
}
