import { LIMITS } from '../../domain/limits';
import { type MasterDoc, masterDocSchema } from '../../domain/master';
import { type SyncCheckpoint, syncPullResponseSchema } from '../../domain/sync';
import { type FetchLike, HttpError, readResponse } from './http';

const masterPullResponseSchema = syncPullResponseSchema(masterDocSchema);

/** One page of master changes, in the shape RxDB's pull handler returns. */
export type MasterPullResult = { documents: MasterDoc[]; checkpoint: SyncCheckpoint | undefined };

/** The session is gone (401): the window must ask the user to sign in again. */
export class SignInRequiredError extends Error {
  constructor() {
    super('Sign-in required');
    this.name = 'SignInRequiredError';
  }
}

/**
 * Pulls one page of master changes after `checkpoint` and validates the answer with the domain schema.
 * A page the server ends without a checkpoint keeps the position the client already had. Times out after
 * the sync request limit; every failure throws so the replication retries it.
 */
export async function pullMaster(
  fetchImpl: FetchLike,
  baseUrl: string,
  checkpoint: SyncCheckpoint | undefined,
  limit: number,
): Promise<MasterPullResult> {
  const url = new URL('/api/sync/master/pull', baseUrl);
  if (checkpoint) url.searchParams.set('checkpoint', JSON.stringify(checkpoint));
  url.searchParams.set('limit', String(limit));

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.syncRequestTimeoutMs);
  try {
    const response = await fetchImpl(url.toString(), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    });
    const body = await readResponse(response);
    const page = masterPullResponseSchema.parse(body);
    return { documents: page.documents, checkpoint: page.checkpoint ?? checkpoint };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw new SignInRequiredError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
