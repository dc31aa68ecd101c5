import { Popover as RadixPopover } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A panel anchored to its trigger (e.g. the notification list). `trigger` must be one focusable element;
 * Escape and an outside click close it and focus returns to the trigger.
 */
export function Popover({
  trigger,
  children,
  widthPx,
  label,
  open,
  onOpenChange,
  align = 'end',
}: {
  trigger: ReactNode;
  children: ReactNode;
  widthPx: number;
  label: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
}) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          align={align}
          sideOffset={8}
          collisionPadding={8}
          style={{ width: widthPx, maxWidth: 'calc(100vw - 16px)' }}
          className="z-40 rounded-lg border border-slate-200 bg-white shadow-lg focus:outline-none"
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
