import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to an app path built at run time (a card's class, lesson or student), navigating inside the SPA
 * (so the unsaved-edits guard applies) while staying a real link for a new tab or a screen reader.
 */
export function ScreenLink({
  to,
  className,
  current = false,
  children,
}: {
  to: string;
  className?: string;
  /** The link of the page shown (a tab, the chosen child): `aria-current="page"`. */
  current?: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  const basepath = (router.options.basepath ?? '').replace(/\/$/, '');
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href: to });
  };
  return (
    <a
      href={`${basepath}${to}`}
      onClick={open}
      className={className}
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </a>
  );
}
