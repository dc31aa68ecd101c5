import { z } from 'zod';

/** Where the coding-practice service is and how to sign its calls (`CODING_SERVICE_URL`, `CODING_SERVICE_TOKEN`). */
export interface CodingServiceConfig {
  url: string;
  token: string | undefined;
}

/** One place of a contest's ranking as the service reports it: its user by email, their rank and score. */
export const serviceRankingRowSchema = z.object({
  email: z.string().min(3).max(254),
  rank: z.number().int().min(1),
  score: z.number().min(0),
});
/** One place of a contest's ranking. */
export type ServiceRankingRow = z.infer<typeof serviceRankingRowSchema>;

const rankingBodySchema = z.object({ data: z.array(serviceRankingRowSchema).max(10_000) });

/** Why a fetch gave nothing: no answer in time, no connection, a refusal or an unreadable answer. */
export type CodingServiceFailure = 'timeout' | 'network' | 'refused' | 'server_error' | 'invalid_body';

/** The outcome of a ranking fetch. */
export type RankingFetch =
  | { ok: true; rows: ServiceRankingRow[] }
  | { ok: false; failure: CodingServiceFailure };

/** How patient the adapter is: per attempt, how many more attempts, and the first pause between them. */
export interface CodingServiceLimits {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
}

/** A fetch of 5 s, tried three times with 0.5 s then 1 s between: a job tick never waits much over 16 s. */
export const DEFAULT_CODING_SERVICE_LIMITS: CodingServiceLimits = {
  timeoutMs: 5_000,
  retries: 2,
  backoffMs: 500,
};

/** The adapter of the coding-practice service: only what the ranking job needs. */
export interface CodingServiceClient {
  /** The contest an event's link names on this service, or null when the link is elsewhere. */
  contestOf(eventUrl: string | null): string | null;
  /** The ranking of one contest, retried on timeouts, lost connections and 5xx answers. */
  fetchRanking(contest: string): Promise<RankingFetch>;
}

const CONTEST_PATH = /^\/contests\/([A-Za-z0-9_-]{1,100})\/?$/;

/**
 * The adapter over HTTP. An event links to its contest page on the service (`{url}/contests/{slug}`); the
 * ranking is `GET {url}/api/contests/{slug}/ranking` with a bearer token when one is set, answering
 * `{ data: [{ email, rank, score }] }`. Nothing here throws: every failure is a `CodingServiceFailure`.
 */
export function createCodingServiceClient(
  config: CodingServiceConfig,
  limits: CodingServiceLimits = DEFAULT_CODING_SERVICE_LIMITS,
  fetchImpl: typeof fetch = fetch,
): CodingServiceClient {
  const base = new URL(config.url);

  async function attempt(contest: string): Promise<RankingFetch & { retry: boolean }> {
    const url = new URL(`api/contests/${encodeURIComponent(contest)}/ranking`, ensureSlash(base));
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: {
          accept: 'application/json',
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
        signal: AbortSignal.timeout(limits.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return { ok: false, failure: timedOut ? 'timeout' : 'network', retry: true };
    }
    if (response.status >= 500) return { ok: false, failure: 'server_error', retry: true };
    if (!response.ok) return { ok: false, failure: 'refused', retry: false };
    try {
      const parsed = rankingBodySchema.safeParse(await response.json());
      if (!parsed.success) return { ok: false, failure: 'invalid_body', retry: false };
      return { ok: true, rows: parsed.data.data, retry: false };
    } catch (error) {
      // The body may stall after the headers came: that is the timeout, not an unreadable answer.
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return { ok: false, failure: timedOut ? 'timeout' : 'invalid_body', retry: timedOut };
    }
  }

  return {
    contestOf(eventUrl) {
      if (!eventUrl) return null;
      try {
        const link = new URL(eventUrl);
        if (link.origin !== base.origin) return null;
        const basePath = ensureSlash(base).pathname;
        if (!link.pathname.startsWith(basePath)) return null;
        return CONTEST_PATH.exec(`/${link.pathname.slice(basePath.length)}`)?.[1] ?? null;
      } catch {
        return null;
      }
    },
    async fetchRanking(contest) {
      for (let round = 0; ; round++) {
        const { retry, ...result } = await attempt(contest);
        if (result.ok || !retry || round >= limits.retries) return result;
        await new Promise((resolve) => setTimeout(resolve, limits.backoffMs * 2 ** round));
      }
    },
  };
}

function ensureSlash(url: URL): URL {
  return url.pathname.endsWith('/') ? url : new URL(`${url.pathname}/`, url);
}
