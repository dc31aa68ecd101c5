import { z } from 'zod';
import { ADMINS_ONLY } from '../roles';
import { type CallSlice, idParams, strictObject } from './common';

/** `GET /api/auth/provider`: whether the sign-in screen shows the provider's button, and its label. */
export const providerInfoSchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    labels: z.object({ ja: z.string(), vi: z.string(), en: z.string() }),
  }),
]);
export type ProviderInfo = z.infer<typeof providerInfoSchema>;

/**
 * What the provider sends back to the callback: any query (providers add their own keys, such as Google's
 * `hd` or `authuser`), read by the OpenID Connect library; the handler answers every one with a redirect.
 */
const providerCallbackQuerySchema = z.record(z.string(), z.unknown());

/**
 * The start's query: the page first asked for (the sign-in screen's `redirect`), where a successful sign-in
 * ends. Any text is taken; the server keeps it only when `returnPathOf` finds it a path of the app.
 */
const providerStartQuerySchema = strictObject({ redirect: z.string().optional() });

/** A redirect: the browser follows it; no body is read. */
const redirectResponseSchema = z.unknown();

/**
 * `GET /api/users/:userId/sign-in-methods`: how an account signs in, for the admins on the person's screen.
 * Every account has a password (`must_change_password`: one it has not chosen yet); `last_sign_in_at` is its
 * latest sign-in by any way. `provider` is the identity provider's account it signed in with (its issuer and
 * `sub`, the address vouched for), null until its first provider sign-in.
 */
export const signInMethodsSchema = z.object({
  must_change_password: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  provider: z
    .object({
      issuer: z.string(),
      subject: z.string(),
      email: z.string(),
      first_sign_in_at: z.string(),
      last_sign_in_at: z.string(),
    })
    .nullable(),
  /** The account's passkeys (issue 44): how many, and when one last proved a sign-in. */
  passkeys: z.object({ count: z.number().int(), last_used_at: z.string().nullable() }),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/**
 * Sign-in with the school's identity provider (OpenID Connect, authorization code flow with PKCE). `start`
 * and `callback` are full-page navigations that answer with redirects (to the provider, then back to the app).
 */
export const authProviderCalls = {
  // Sign-in with the school's identity provider (issue 44): full-page navigations before any session; the
  // callback opens one like `POST /api/login` does, its `state` bound to the browser that started it.
  'GET /api/auth/provider': { roles: 'public', response: providerInfoSchema },
  'GET /api/auth/provider/start': {
    roles: 'public',
    query: providerStartQuerySchema,
    response: redirectResponseSchema,
  },
  'GET /api/auth/provider/callback': {
    roles: 'public',
    query: providerCallbackQuerySchema,
    response: redirectResponseSchema,
  },
  // How an account signs in (password, provider, passkeys), on the person's screen for admins.
  'GET /api/users/:userId/sign-in-methods': {
    roles: ADMINS_ONLY,
    params: idParams('userId'),
    response: signInMethodsSchema,
  },
} satisfies CallSlice;
