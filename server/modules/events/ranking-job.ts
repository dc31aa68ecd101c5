import type { Database } from '../../db/client';
import type { CodingServiceClient, CodingServiceFailure } from './coding-service';
import { eventsToRefresh, replaceRanking } from './service';

/** What one refresh did: the events whose ranking was replaced, and those the service failed on. */
export interface RankingRefresh {
  updated: string[];
  failed: { eventId: string; failure: CodingServiceFailure }[];
}

/**
 * One pass of the ranking job: for each running event that links to a contest on the coding-practice
 * service, fetch its ranking and replace the stored one. It runs on a timer, never on a user's request: a
 * slow or failing service leaves the last ranking and its time as they were, and the page keeps working.
 */
export async function refreshRankings(deps: {
  db: Database;
  now: () => Date;
  client: CodingServiceClient;
}): Promise<RankingRefresh> {
  const result: RankingRefresh = { updated: [], failed: [] };
  for (const event of await eventsToRefresh(deps.db, deps.now())) {
    const contest = deps.client.contestOf(event.url);
    if (!contest) continue;
    const fetched = await deps.client.fetchRanking(contest);
    if (!fetched.ok) {
      result.failed.push({ eventId: event.id, failure: fetched.failure });
      continue;
    }
    // An event deleted while the service answered has no ranking to keep.
    if ((await replaceRanking(deps.db, event.id, fetched.rows, deps.now())) === null) continue;
    result.updated.push(event.id);
  }
  return result;
}
