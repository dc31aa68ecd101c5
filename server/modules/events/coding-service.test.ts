import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonAnswer, type StandInServer, startStandIn } from '../../testing/stand-in-server';
import { createCodingServiceClient } from './coding-service';

let standIn: StandInServer;

beforeAll(async () => {
  standIn = await startStandIn();
});

afterAll(() => standIn.close());

beforeEach(() => {
  standIn.requests.length = 0;
});

// A stand-in that answers does so well within 5 s on any load: a 200 ms limit here timed an answer out on a
// loaded machine, and the retry made a second request the test did not expect. Only the test of a service
// that never answers waits for short limits.
const LIMITS = { timeoutMs: 5_000, retries: 2, backoffMs: 10 };

describe('coding-practice service adapter', () => {
  it('fetches a contest’s ranking with the token', async () => {
    standIn.answer(jsonAnswer(200, { data: [{ email: 'a@school.test', rank: 1, score: 300 }] }));
    const client = createCodingServiceClient({ url: standIn.url, token: 'secret' }, LIMITS);
    expect(await client.fetchRanking('spring-2026')).toEqual({
      ok: true,
      rows: [{ email: 'a@school.test', rank: 1, score: 300 }],
    });
    expect(standIn.requests).toEqual([
      { url: '/api/contests/spring-2026/ranking', authorization: 'Bearer secret' },
    ]);
  });

  it('gives up after the retries when the service answers 500, and recovers when a retry works', async () => {
    standIn.answer(jsonAnswer(500, { error: 'boom' }));
    const client = createCodingServiceClient({ url: standIn.url, token: undefined }, LIMITS);
    expect(await client.fetchRanking('c1')).toEqual({ ok: false, failure: 'server_error' });
    expect(standIn.requests).toHaveLength(3);
    expect(standIn.requests[0]?.authorization).toBeUndefined();

    standIn.requests.length = 0;
    let calls = 0;
    standIn.answer((request, response) => {
      calls += 1;
      (calls === 1 ? jsonAnswer(503, {}) : jsonAnswer(200, { data: [] }))(request, response);
    });
    expect(await client.fetchRanking('c1')).toEqual({ ok: true, rows: [] });
    expect(standIn.requests).toHaveLength(2);
  });

  it('times out a service that never answers, each attempt', async () => {
    standIn.answer(() => undefined);
    const client = createCodingServiceClient(
      { url: standIn.url, token: undefined },
      { ...LIMITS, timeoutMs: 200 },
    );
    expect(await client.fetchRanking('slow')).toEqual({ ok: false, failure: 'timeout' });
    expect(standIn.requests).toHaveLength(3);
  });

  it('refuses garbage JSON and a wrong shape without retrying', async () => {
    const client = createCodingServiceClient({ url: standIn.url, token: undefined }, LIMITS);
    standIn.answer(jsonAnswer(200, '<html>maintenance</html>'));
    expect(await client.fetchRanking('c1')).toEqual({ ok: false, failure: 'invalid_body' });
    standIn.answer(jsonAnswer(200, { data: [{ email: 'a@school.test', rank: 0, score: -1 }] }));
    expect(await client.fetchRanking('c1')).toEqual({ ok: false, failure: 'invalid_body' });
    expect(standIn.requests).toHaveLength(2);
  });

  it('does not retry a refusal (404, 401)', async () => {
    standIn.answer(jsonAnswer(404, {}));
    const client = createCodingServiceClient({ url: standIn.url, token: undefined }, LIMITS);
    expect(await client.fetchRanking('gone')).toEqual({ ok: false, failure: 'refused' });
    expect(standIn.requests).toHaveLength(1);
  });

  it('reports a closed port as a network failure', async () => {
    const client = createCodingServiceClient({ url: 'http://127.0.0.1:9/', token: undefined }, LIMITS);
    expect(await client.fetchRanking('c1')).toEqual({ ok: false, failure: 'network' });
  });

  it('reads the contest of an event link on the service, and nothing from other links', () => {
    const client = createCodingServiceClient({ url: 'https://code.example/practice', token: undefined });
    expect(client.contestOf('https://code.example/practice/contests/spring-2026')).toBe('spring-2026');
    expect(client.contestOf('https://code.example/practice/contests/spring-2026/')).toBe('spring-2026');
    expect(client.contestOf('https://other.example/practice/contests/spring-2026')).toBeNull();
    expect(client.contestOf('https://code.example/practice/users/me')).toBeNull();
    expect(client.contestOf('not a url')).toBeNull();
    expect(client.contestOf(null)).toBeNull();
  });
});
