import { type RegisteredRouter, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { AccountRole } from '../../domain/roles';
import { roleMayOpen } from './guard';

/**
 * A full path of a route this build registers, read through the router's registration (router.ts) rather
 * than from the generated tree, so a screen that names it does not import its own route file back.
 */
export type RegisteredPath = keyof RegisteredRouter['routesByPath'];

/** A type guard telling whether this build has a screen at a path, so links to it type-check. */
export function useIsRegisteredPath(): (path: string) => path is RegisteredPath {
  const router = useRouter();
  return useCallback(
    (path: string): path is RegisteredPath => Object.hasOwn(router.routesByPath, path),
    [router],
  );
}

/** The path of an app link, without its query or fragment. */
function pathOf(href: string): string {
  const path = href.split(/[?#]/, 1)[0] ?? href;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a route pattern (`/requests/$requestId`) is the screen of a concrete path (`/requests/abc`). */
export function patternMatchesPath(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  if (patternParts.length !== pathParts.length) return false;
  return patternParts.every(
    (part, index) => part === pathParts[index] || (part.startsWith('$') && pathParts[index] !== ''),
  );
}

/**
 * Whether a role may follow a link built at run time (a card's More, a class of its list): this build has a
 * screen at its path, and the role may open it. A link failing either is not shown, so nothing leads to
 * "not found" or to the 403 screen.
 */
export function mayOpenLink(patterns: readonly string[], role: AccountRole, href: string): boolean {
  const path = pathOf(href);
  return patterns.some((pattern) => patternMatchesPath(pattern, path)) && roleMayOpen(role, path);
}

/** `mayOpenLink` for the signed-in role against this build's routes. */
export function useMayOpenLink(role: AccountRole): (href: string) => boolean {
  const router = useRouter();
  return useCallback(
    (href: string) => mayOpenLink(Object.keys(router.routesByPath), role, href),
    [router, role],
  );
}
