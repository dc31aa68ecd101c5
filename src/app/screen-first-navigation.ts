import type { useRouter } from '@tanstack/react-router';

// The app's router as the routes hold it (`useRouter`, typed by the router's registration): naming
// `createAppRouter` here tied this file, the routes that call it and the route tree in an import loop.
type AppRouter = ReturnType<typeof useRouter>;

/** The sign-in steps a form hands on to: the two-step code and the forced password change. */
type SignInStep = '/otp' | '/change-password';

/**
 * Goes on to a sign-in step so that the address changes only once its screen is on screen. The router turns
 * the address first and renders the route once its code is loaded, so for 0.15–0.55 s the address said /otp
 * while the sign-in form was still shown: a code pasted then, or a phone's one-time-code autofill, landed in
 * the old form and was lost (issue 42). Here the step is rendered first under the address still shown (a
 * masked navigation: the route changes, the address does not), and the address follows once it is (each
 * `navigate` resolves after its render). The step's screen is the same match both times, so nothing typed
 * meanwhile is reset.
 */
export async function goToSignInStep(
  router: AppRouter,
  to: SignInStep,
  search: { redirect: string },
): Promise<void> {
  await router.navigate({ to, search, replace: true, mask: { to: '.', search: true, params: true } });
  await router.navigate({ to, search, replace: true });
}
