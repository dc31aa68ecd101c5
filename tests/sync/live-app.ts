import { buildTestApp, signIn, type TestApp } from '../../server/testing/test-app';
import type { FetchLike } from '../../src/sync/http';

/** The real app listening on loopback, for clients that replicate over HTTP in Node. */
export async function startLiveApp(): Promise<{ t: TestApp; url: string }> {
  const t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { t, url: `http://127.0.0.1:${address.port}` };
}

/** Signs `email` in through the app and returns its cookie header and CSRF token. */
export async function signInCookie(t: TestApp, email: string): Promise<{ cookie: string; csrf: string }> {
  const session = await signIn(t.app, email);
  const cookie = Object.entries(session.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return { cookie, csrf: session.csrfToken };
}

/** A fetch that sends the session's cookie with every call, as the browser does. */
export function withCookie(
  cookie: string,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): FetchLike {
  return (input, init) =>
    fetchImpl(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), cookie } });
}
