import type { APIRequestContext } from '@playwright/test';
import { CSRF_HEADER } from '../../../domain/auth';
import { mailCount, OTP_PATTERN, waitForMail } from './mailbox';

/** The password of the demo accounts the e2e server seeds (the default of DEMO_PASSWORD). */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-2026';

/** A signed-in API session for arranging data through the real server's calls. */
export interface ApiSession {
  post(path: string, body: unknown): Promise<unknown>;
  get(path: string): Promise<unknown>;
  delete(path: string): Promise<unknown>;
}

/**
 * Signs in through `POST /api/login` on a request context of its own, with the CSRF double submit, and
 * enters the two-step code the real SMTP server received.
 */
export async function signInApi(request: APIRequestContext, email: string): Promise<ApiSession> {
  const csrf = async (): Promise<string> => {
    const response = await request.get('/api/csrf');
    const body: { token: string } = await response.json();
    return body.token;
  };
  const send = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = method === 'GET' ? {} : { [CSRF_HEADER]: await csrf() };
    const response = await request.fetch(path, { method, headers, data: body });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.json();
  };
  const before = mailCount(email);
  const user = (await send('POST', '/api/login', { email, password: DEMO_PASSWORD })) as {
    verified_otp: boolean;
  };
  if (!user.verified_otp) {
    const code = await waitForMail(email, OTP_PATTERN, before);
    await send('POST', '/api/verify-otp', { code, trust_device: false });
  }
  return {
    post: (path, body) => send('POST', path, body),
    get: (path) => send('GET', path),
    delete: (path) => send('DELETE', path, {}),
  };
}

/** Every document of a collection the session pulls, through the real sync call, page by page. */
export async function pullAll<Doc>(session: ApiSession, collection: string): Promise<Doc[]> {
  const documents: Doc[] = [];
  let checkpoint: unknown = null;
  for (;;) {
    const query = new URLSearchParams({ limit: '1000' });
    if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
    const page = (await session.get(`/api/sync/${collection}/pull?${query}`)) as {
      documents: Doc[];
      checkpoint: unknown;
    };
    documents.push(...page.documents);
    checkpoint = page.checkpoint;
    if (page.documents.length < 1000) return documents;
  }
}
