import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { RegisteredPath } from './router';

/** A type guard telling whether this build has a screen at a path, so links to it type-check. */
export function useIsRegisteredPath(): (path: string) => path is RegisteredPath {
  const router = useRouter();
  return useCallback(
    (path: string): path is RegisteredPath => Object.hasOwn(router.routesByPath, path),
    [router],
  );
}
