import { type ReactNode, useId } from 'react';
import { cn } from './cn';

/**
 * A screen: a section named by its one h1 title, with the screen's main action (add, file, invite) beside the
 * title where it has one. Every screen heads itself here, so the title's size, the action's place and the gap
 * between the parts are one rule. `className` adds to the section (a width cap, `min-w-0`, a print class);
 * `titleClassName` to the title (e.g. `print:hidden`).
 */
export function Screen({
  title,
  action,
  className,
  titleClassName,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  const heading = (
    <h1 id={titleId} className={cn('text-2xl font-semibold', titleClassName)}>
      {title}
    </h1>
  );
  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-4', className)}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
