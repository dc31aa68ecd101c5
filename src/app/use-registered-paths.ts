import { type RegisteredRouter, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

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
