import { createSign, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) on loopback, for the tests of the sign-in with the school's identity
 * provider (issue 44): its own discovery, keys, login page (the library's development interactions: any
 * password), code exchange with PKCE and signed ID tokens. Never a stub of the flow.
 */
export interface TestOidcProvider {
  /** The issuer URL (`http://127.0.0.1:<port>`), what `OIDC_ISSUER` names. */
  issuer: string;
  /** The client the app is configured as, and a second one (another audience). */
  client: { id: string; secret: string };
  otherClient: { id: string; secret: string };
  /**
   * From now on, each ID token the token endpoint hands out is re-signed with the provider's own published key
   * for another audience (`aud`); undefined stops it. oidc-provider cannot be configured to address an ID
   * token to a client other than the one it is issued to, so this is the one check the tests meet with a
   * token made by hand: signed with the key of the provider's JWKS, so only the audience is wrong.
   */
  readdressIdTokens(audience: string | undefined): void;
  close(): Promise<void>;
}

/** The provider's accounts, by the login typed on its page. */
export const PROVIDER_USERS: Record<
  string,
  {
    email: string;
    email_verified: boolean;
    name?: string;
    given_name?: string;
    family_name?: string;
    locale?: string;
  }
> = {
  'admin@demo.test': { email: 'admin@demo.test', email_verified: true, name: 'Admin' },
  'teacher@demo.test': { email: 'teacher@demo.test', email_verified: true, name: 'Teacher' },
  'observer@demo.test': { email: 'observer@demo.test', email_verified: true, name: 'Observer' },
  'student@demo.test': { email: 'Student@Demo.test', email_verified: true, name: 'Student' },
  // The same address, not vouched for by the provider.
  'unverified@demo.test': { email: 'teacher@demo.test', email_verified: false, name: 'Unverified' },
  // An accepted domain, but no account here has the address.
  'nobody@demo.test': { email: 'nobody@demo.test', email_verified: true, name: 'Nobody' },
  // Another school's domain.
  'stranger@elsewhere.test': { email: 'stranger@elsewhere.test', email_verified: true, name: 'Stranger' },
  // Accepted addresses no account has, for the school's setting that creates students: a Vietnamese name and
  // language; and a name in parts with a language the product lacks.
  'new-student@demo.test': {
    email: 'new-student@demo.test',
    email_verified: true,
    name: 'Nguyễn Văn An',
    locale: 'vi-VN',
  },
  'name-parts@demo.test': {
    email: 'name-parts@demo.test',
    email_verified: true,
    given_name: 'Hana',
    family_name: 'Sato',
    locale: 'fr',
  },
};

/** What any login's password is at the provider's development login page (it accepts any). */
export const PROVIDER_PASSWORD = 'provider-password';

/** An ID token's lifetime at this provider, seconds: the expiry test moves the app's clock past it. */
export const PROVIDER_ID_TOKEN_TTL_S = 60;

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/**
 * Starts the provider on `port` (a free one by default) for clients whose callback is one of `redirectUris`.
 */
export async function startTestOidcProvider(options: {
  redirectUris: string[];
  port?: number;
  /** The app's client (the e2e server is configured with it by environment); a test one by default. */
  client?: { id: string; secret: string };
}): Promise<TestOidcProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...(privateKey.export({ format: 'jwk' }) as JsonWebKey),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };
  const client = options.client ?? { id: 'school-app', secret: 'school-app-secret-0123456789abcdef' };
  const otherClient = { id: 'other-app', secret: 'other-app-secret-0123456789abcdef' };
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [client, otherClient].map((each) => ({
      client_id: each.id,
      client_secret: each.secret,
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    // The user's claims in the ID token itself, as Google and Microsoft put them (not only at userinfo).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      IdToken: PROVIDER_ID_TOKEN_TTL_S,
      AccessToken: 600,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context, id) {
      const user = PROVIDER_USERS[id];
      if (!user) return undefined;
      // The provider's `sub` is the account id: the login typed on its page.
      return { accountId: id, claims: async () => ({ sub: id, ...user }) };
    },
    // A first-party client of the school: the user is never asked to consent to it.
    async loadExistingGrant(context) {
      const { session, client: oidcClient } = context.oidc;
      if (!session?.accountId || !oidcClient) return undefined;
      const grant = new context.oidc.provider.Grant({
        accountId: session.accountId,
        clientId: oidcClient.clientId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // Loopback over plain http: the provider sees the scheme it is served on.
  provider.proxy = false;
  let audience: string | undefined;
  provider.use(async (context, next) => {
    await next();
    const body = context.body as { id_token?: unknown } | undefined;
    if (audience === undefined || context.path !== '/token' || typeof body?.id_token !== 'string') return;
    const [, payload] = body.id_token.split('.');
    const claims = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), aud: audience };
    const signed = `${base64url(JSON.stringify({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
    const signature = createSign('RSA-SHA256').update(signed).sign(privateKey);
    context.body = { ...body, id_token: `${signed}.${base64url(signature)}` };
  });
  server.on('request', provider.callback());
  return {
    issuer,
    client,
    otherClient,
    readdressIdTokens(next) {
      audience = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookie jar, enough for the provider's own cookies (one host, every path). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Goes through the provider's own pages as a browser would: the authorization request, its login form (typed
 * with `login`), until the provider sends the browser back to `redirectUri`; answers that address (with the
 * code, `state` and `iss`). Fails naming the step when the provider answers anything else.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 10; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    jar.take(response);
    form = null;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action || !page.includes('name="login"'))
      throw new Error(
        `the provider answered ${response.status} at ${url.pathname} step ${step}: ${page.slice(0, 300)}`,
      );
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = new URLSearchParams({ prompt: 'login', login, password: PROVIDER_PASSWORD });
  }
  throw new Error(`the provider did not send the browser back to ${redirectUri} within 10 steps`);
}
