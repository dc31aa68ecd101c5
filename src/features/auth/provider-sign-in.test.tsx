import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role } from '../../../domain/roles';
import type { LoginResponse } from '../../../domain/schemas/auth-account';
import { ProviderSignIn } from './provider-sign-in';

// Issue 44: the end of a round trip through the school's identity provider, on the sign-in screen.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const TEACHER: LoginResponse = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Tanaka',
  role: Role.teacher,
  must_change_password: false,
  is_trusted: false,
  verified_otp: true,
};

/** The call table loads with the first call (a cold import under test): the bound of every wait here. */
const LOADED = { timeout: 15_000 };

/** The server after the provider's redirect back: a provider is configured, and the session reads the teacher. */
function stubServer() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      asked.push(path);
      if (path === '/api/auth/provider')
        return json(200, { enabled: true, labels: { ja: '学校', vi: 'Trường', en: 'School' } });
      if (path === '/api/me') return json(200, TEACHER);
      return json(404, { message: 'not_found', code: 'not_found' });
    }),
  );
  return asked;
}

function screenOf(done: boolean, onSignedIn: (user: LoginResponse) => void, redirect?: string) {
  return (
    <I18nProvider i18n={i18n}>
      <ProviderSignIn done={done} refusal={undefined} redirect={redirect} onSignedIn={onSignedIn} />
    </I18nProvider>
  );
}

// The API client and its call table load on the first call; loaded once here, a cold transform is not the wait.
beforeAll(async () => {
  await import('../../api/call-api');
  await import('../../../domain/schemas/calls');
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the end of a provider sign-in', () => {
  it('finishes the sign-in once, though the sign-in screen mounts again with the marker still in its address', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const asked = stubServer();
    const onSignedIn = vi.fn();
    const first = render(screenOf(true, onSignedIn));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), LOADED);
    // Setting the user wraps the router in the signed-in providers: the screen is unmounted and mounted anew.
    first.unmount();
    const second = render(screenOf(true, onSignedIn, '/students'));
    // The second mount settles (it reads the provider's button) without finishing the sign-in again.
    await screen.findByRole('link', { name: 'School' }, LOADED);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ id: TEACHER.id }));
    expect(asked.filter((path) => path === '/api/me')).toHaveLength(1);
    second.unmount();
  }, 30_000);

  it('sends the page first asked for with the start, for the server to keep through the round trip', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    stubServer();
    render(screenOf(false, vi.fn(), '/students/5?tab=2'));
    const link = await screen.findByRole('link', { name: 'School' }, LOADED);
    expect(link.getAttribute('href')).toBe('/api/auth/provider/start?redirect=%2Fstudents%2F5%3Ftab%3D2');
  }, 30_000);
});
