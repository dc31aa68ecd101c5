import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { ProviderRefusal } from '../../../domain/provider-sign-in';
import { isAccountRole } from '../../../domain/roles';
import { signInOpen } from '../../access/users';
import type { Executor } from '../../db/client';
import { providerLinks, providerSignInAttempts, users } from '../../db/schema';
import type { ChangeFeed } from '../../feed/change-feed';
import { HttpError } from '../../http-error';
import { isLoopback, type OidcConfig } from '../../oidc-config';
import { createSession, endSession } from '../../plugins/session-store';
import { currentSchoolSettings } from '../school-settings/service';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess, signedInFromBefore } from './limits';
import { createProviderStudent } from './oidc-students';
import { type AuthDeps, assertNotLocked, tokenKey } from './service';

/** How long a round trip through the provider may take, from the button to the callback. */
export const PROVIDER_ATTEMPT_TTL_MS = 10 * 60_000;

/** The path the provider sends the browser back to; registered at the provider as `{PUBLIC_URL}{path}`. */
export const PROVIDER_CALLBACK_PATH = '/api/auth/provider/callback';

/** A refusal of a provider sign-in: the browser goes back to the sign-in screen with its code. */
export class ProviderRefusalError extends Error {
  override name = 'ProviderRefusalError';
  constructor(
    readonly code: ProviderRefusal,
    /** What went wrong underneath, for the server log (never shown to the user). */
    readonly detail?: unknown,
  ) {
    super(code);
  }
}

/**
 * The provider as the OpenID Connect library sees it: discovered once (`{issuer}/.well-known/openid-configuration`)
 * and kept; a failed discovery is tried again by the next sign-in.
 */
export interface OidcClient {
  readonly settings: OidcConfig;
  readonly redirectUri: string;
  /** The library's configuration, its clock set to the app's (`now`): the ID token's expiry is judged by it. */
  configuration(now: Date): Promise<client.Configuration>;
}

export function createOidcClient(settings: OidcConfig, publicUrl: string): OidcClient {
  const issuer = new URL(settings.issuer);
  // Plain http only to a provider on this machine (the tests'); the settings refuse it anywhere else.
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer.hostname);
  let discovered: Promise<client.ServerMetadata> | null = null;
  const serverMetadata = () => {
    discovered ??= client
      .discovery(issuer, settings.clientId, undefined, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
      })
      .then((configuration) => configuration.serverMetadata())
      .catch((error: unknown) => {
        discovered = null;
        throw new ProviderRefusalError(ProviderRefusal.unavailable, error);
      });
    return discovered;
  };
  return {
    settings,
    redirectUri: `${publicUrl}${PROVIDER_CALLBACK_PATH}`,
    async configuration(now) {
      const configuration = new client.Configuration(await serverMetadata(), settings.clientId, {
        client_secret: settings.clientSecret,
        [client.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000),
      });
      if (insecure) client.allowInsecureRequests(configuration);
      return configuration;
    },
  };
}

/**
 * Starts a round trip: the secrets of this attempt (`state`, `nonce`, the PKCE verifier) stay here, keyed by
 * a fresh token the browser keeps in a cookie; the browser is sent to the provider with the challenge.
 */
export async function startProviderSignIn(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  oidc: OidcClient,
  /** The page first asked for (checked by `returnPathOf`), where a successful sign-in ends. */
  returnPath: string | null = null,
): Promise<{ attemptToken: string; redirectTo: string }> {
  const now = deps.now();
  const configuration = await oidc.configuration(now);
  const attemptToken = randomBytes(32).toString('base64url');
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await deps.db.delete(providerSignInAttempts).where(lt(providerSignInAttempts.expiresAt, now));
  await deps.db.insert(providerSignInAttempts).values({
    id: tokenKey(attemptToken),
    state,
    nonce,
    codeVerifier,
    returnPath,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PROVIDER_ATTEMPT_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidc.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { attemptToken, redirectTo: url.href };
}

/** Takes the attempt the cookie names, once: unknown, used or expired ones are refused. */
async function takeAttempt(db: Executor, attemptToken: string | undefined, now: Date) {
  if (!attemptToken || attemptToken.length > 128)
    throw new ProviderRefusalError(ProviderRefusal.attemptInvalid);
  const [attempt] = await db
    .update(providerSignInAttempts)
    .set({ usedAt: now })
    .where(
      and(
        eq(providerSignInAttempts.id, tokenKey(attemptToken)),
        isNull(providerSignInAttempts.usedAt),
        gt(providerSignInAttempts.expiresAt, now),
      ),
    )
    .returning({
      state: providerSignInAttempts.state,
      nonce: providerSignInAttempts.nonce,
      codeVerifier: providerSignInAttempts.codeVerifier,
      returnPath: providerSignInAttempts.returnPath,
    });
  if (!attempt) throw new ProviderRefusalError(ProviderRefusal.attemptInvalid);
  return attempt;
}

/** The provider's verified address of the ID token, within the accepted domains. */
function verifiedEmailOf(claims: client.IDToken, settings: OidcConfig): string {
  // Microsoft Entra ID sends no `email_verified`; its `xms_edov` ("email domain owner verified", an optional
  // claim the README has the school turn on) says the same of a tenant's own domain.
  const verified = claims.email_verified === true || claims.xms_edov === true;
  if (typeof claims.email !== 'string' || !verified)
    throw new ProviderRefusalError(ProviderRefusal.emailUnverified);
  const email = claims.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!email.includes('@') || !settings.emailDomains.includes(domain))
    throw new ProviderRefusalError(ProviderRefusal.domainRefused);
  return email;
}

/** The provider's answer, checked by the library: the code exchanged with PKCE, the ID token's every claim. */
async function verifiedClaims(
  oidc: OidcClient,
  callbackUrl: URL,
  attempt: { state: string; nonce: string; codeVerifier: string },
  now: Date,
): Promise<client.IDToken> {
  if (callbackUrl.searchParams.get('state') !== attempt.state)
    throw new ProviderRefusalError(ProviderRefusal.attemptInvalid);
  const configuration = await oidc.configuration(now);
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new ProviderRefusalError(ProviderRefusal.tokenRejected);
    return claims;
  } catch (error) {
    if (error instanceof ProviderRefusalError) throw error;
    // The user cancelled or the provider refused them (`error=access_denied` and the like).
    if (error instanceof client.AuthorizationResponseError)
      throw new ProviderRefusalError(ProviderRefusal.cancelled, error);
    // No answer at all: the provider is down or unreachable.
    if (error instanceof TypeError && !(error instanceof client.ClientError))
      throw new ProviderRefusalError(ProviderRefusal.unavailable, error);
    // A refused code exchange, or an ID token failing a check (issuer, audience, expiry, signature, nonce).
    throw new ProviderRefusalError(ProviderRefusal.tokenRejected, error);
  }
}

/** Whether an error is one of the sign-in limits' refusals (429). */
function isLimit(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 429;
}

/**
 * Ends a round trip: takes the attempt (once), has the library check the provider's answer, and opens a
 * session for the live account of the verified address, within the sign-in limits. The session is the same
 * as a password sign-in's, but verified: the provider did the second step, under the school's own rules.
 * Nothing is created for an address no account here has, unless the school's setting lets a first sign-in
 * create a student account (`createProviderStudent`).
 */
export async function finishProviderSignIn(
  deps: AuthDeps & { feed: ChangeFeed },
  oidc: OidcClient,
  input: {
    callbackUrl: URL;
    attemptToken: string | undefined;
    address: string;
    userAgent: string | undefined;
    previousSessionId: string | null;
    sessionLifetimeMs?: number;
  },
): Promise<{ token: string; userId: string; returnPath: string | null }> {
  const now = deps.now();
  const attempt = await takeAttempt(deps.db, input.attemptToken, now);
  if (
    input.callbackUrl.searchParams.has('error') &&
    input.callbackUrl.searchParams.get('state') === attempt.state
  )
    throw new ProviderRefusalError(ProviderRefusal.cancelled, input.callbackUrl.searchParams.get('error'));
  const claims = await verifiedClaims(oidc, input.callbackUrl, attempt, now);
  const email = verifiedEmailOf(claims, oidc.settings);
  const client_ = { email, address: input.address };
  try {
    await assertLoginAllowed(
      deps.db,
      { ...client_, knownClient: await signedInFromBefore(deps.db, email, input.address, now) },
      now,
    );
  } catch (error) {
    throw isLimit(error) ? new ProviderRefusalError(ProviderRefusal.tooMany, error) : error;
  }
  let user = await accountOf(deps.db, email);
  if (!user) {
    // The school's setting (off by default) may let a first sign-in create a student account, never more.
    const settings = await currentSchoolSettings(deps.db);
    const universityId = settings.provider_student_university_id;
    if (settings.provider_creates_students && universityId) {
      const student = await createProviderStudent(deps, { email, claims, universityId });
      user = student ? await accountOf(deps.db, email) : undefined;
    }
  }
  if (!user) {
    await recordLoginFailure(deps.db, client_, now);
    throw new ProviderRefusalError(ProviderRefusal.noAccount);
  }
  if (!user.open || !isAccountRole(user.role)) {
    await recordLoginFailure(deps.db, client_, now);
    throw new ProviderRefusalError(ProviderRefusal.accountClosed);
  }
  try {
    await assertNotLocked(deps.db, user.id, now);
  } catch (error) {
    throw isLimit(error) ? new ProviderRefusalError(ProviderRefusal.tooMany, error) : error;
  }
  await recordLoginSuccess(deps.db, client_, now);
  if (input.previousSessionId) await endSession(deps.db, input.previousSessionId);
  const token = await deps.db.transaction(async (tx) => {
    await recordProviderLink(
      tx,
      { userId: user.id, issuer: oidc.settings.issuer, subject: claims.sub, email },
      now,
    );
    return createSession(tx, {
      userId: user.id,
      userAgent: input.userAgent,
      now,
      otpVerified: true,
      lifetimeMs: input.sessionLifetimeMs,
    });
  });
  return { token, userId: user.id, returnPath: attempt.returnPath };
}

/** The account of an address, whatever its state, and whether it may sign in now. */
async function accountOf(db: Executor, email: string) {
  const [user] = await db
    .select({ id: users.id, role: users.role, open: sql<boolean>`${signInOpen(sql`${users}`)}` })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user;
}

/** Remembers the provider account an account signed in with (a subject belongs to one account at a time). */
async function recordProviderLink(
  tx: Executor,
  link: { userId: string; issuer: string; subject: string; email: string },
  now: Date,
): Promise<void> {
  await tx
    .delete(providerLinks)
    .where(
      and(
        eq(providerLinks.issuer, link.issuer),
        eq(providerLinks.subject, link.subject),
        ne(providerLinks.userId, link.userId),
      ),
    );
  await tx
    .insert(providerLinks)
    .values({ ...link, firstSignInAt: now, lastSignInAt: now })
    .onConflictDoUpdate({
      target: providerLinks.userId,
      set: { issuer: link.issuer, subject: link.subject, email: link.email, lastSignInAt: now },
    });
}
