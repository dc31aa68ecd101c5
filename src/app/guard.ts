import { type AccountRole, Role } from '../../domain/roles';
import { type GuardedRoute, ROUTE_ROLES, rolesForRoute, standInRoute } from '../../domain/route-roles';
import type { StoredUser } from '../../domain/schemas/auth-account';

/** The sign-in steps the guard sends a user to first; each brings them back to the page they asked for. */
export type SignInStep = '/change-password' | '/otp';

/**
 * Screens the guard sends a signed-in user to (SPEC §2): a sign-in step, the super admin's /admins, or the
 * page that stands in for a route the role may not open (`ROUTE_STAND_INS`).
 */
export type GuardTarget = SignInStep | '/admins' | GuardedRoute;

/** Whether a guard target is a sign-in step, which keeps the page first asked for. */
export function isSignInStep(target: GuardTarget): target is SignInStep {
  return target === '/change-password' || target === '/otp';
}

/** What the guard decides for a role-gated route. */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'login'; redirect: string }
  | { kind: 'redirect'; to: GuardTarget }
  | { kind: 'forbidden' };

/**
 * The roles a route accepts. A route path that is itself a table entry takes that entry: the domain's
 * prefix lookup ranks patterns by their length in characters, so `/requests/$requestId` (everyone) would
 * otherwise beat `/requests/add` (students only) for the add screen's own path.
 */
export function rolesAcceptedOn(routePath: string): readonly AccountRole[] {
  if (isTableRoute(routePath)) return ROUTE_ROLES[routePath];
  return rolesForRoute(routePath) ?? [];
}

function isTableRoute(path: string): path is GuardedRoute {
  return Object.hasOwn(ROUTE_ROLES, path);
}

/** Whether a role may open a route path (the 403 rule of SPEC §2). */
export function roleMayOpen(role: AccountRole, routePath: string): boolean {
  return rolesAcceptedOn(routePath).includes(role);
}

/**
 * Whether a user has finished every sign-in step (a forced password change, the two-step code). Only then does
 * the session reach the user's data: before it the server refuses every sync call with 403.
 */
export function isSignInComplete(user: StoredUser): boolean {
  return !user.must_change_password && user.verified_otp;
}

/**
 * The guard of SPEC §2 for a role-gated route, in the SPEC's order: no user goes to /login remembering the
 * page first asked for; a user who must change the password goes to /change-password; a user not yet
 * OTP-verified goes to /otp (but may finish changing the password first); the super admin landing on / goes
 * to /admins; a role the route does not accept goes to the route's stand-in for it, if any, else sees the 403
 * screen.
 */
export function decideGuardedRoute(user: StoredUser | null, routePath: string, href: string): GuardDecision {
  if (!user) return { kind: 'login', redirect: href };
  if (user.must_change_password && routePath !== '/change-password') {
    return { kind: 'redirect', to: '/change-password' };
  }
  if (!user.verified_otp && routePath !== '/otp' && routePath !== '/change-password') {
    return { kind: 'redirect', to: '/otp' };
  }
  if (user.role === Role.superAdmin && routePath === '/') return { kind: 'redirect', to: '/admins' };
  if (roleMayOpen(user.role, routePath)) return { kind: 'allow' };
  const standIn = standInRoute(user.role, routePath);
  return standIn ? { kind: 'redirect', to: standIn } : { kind: 'forbidden' };
}

/**
 * Applies a guard redirect only when its target screen exists in this build. /admins arrives with a later
 * issue; until then a redirect to it would land on "not found", so the guard shows the 403 screen instead:
 * the user is honestly told they cannot go on here, and nothing behind the guard is skipped.
 */
export function applyGuardTarget(
  decision: GuardDecision,
  routeExists: (path: string) => boolean,
): GuardDecision {
  if (decision.kind === 'redirect' && !routeExists(decision.to)) return { kind: 'forbidden' };
  return decision;
}

/**
 * The guard of the public routes (/login, /reset-password/$token): a signed-in user is sent away to the
 * home page, where the role-gated guard takes over (e.g. the super admin then goes on to /admins).
 */
export function decidePublicRoute(user: StoredUser | null): { kind: 'allow' } | { kind: 'home' } {
  return user ? { kind: 'home' } : { kind: 'allow' };
}

/**
 * The page to open after signing in: only a path inside the app, never another origin (`//host`,
 * `https:`) nor the login page itself.
 */
export function safeRedirect(raw: unknown): string {
  if (typeof raw !== 'string') return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw === '/login' || raw.startsWith('/login?')) return '/';
  return raw;
}
