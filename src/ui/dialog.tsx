import { useLingui } from '@lingui/react/macro';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Icon } from './icons';

/** The dimmed backdrop and centred panel every dialog shares. */
export const OVERLAY_CLASS = 'fixed inset-0 z-40 bg-slate-900/40 data-[state=open]:animate-in';
export const PANEL_CLASS =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none';

/**
 * A modal dialog with a title, an optional description, content and a footer of actions. Focus stays
 * inside while open, Escape closes it and focus returns to the control that opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={OVERLAY_CLASS} />
        <RadixDialog.Content
          className={PANEL_CLASS}
          // Radix warns when a dialog has no description; an explicit undefined says it has none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t`Close`}
              className="-m-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <Icon name="close" />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          )}
          {children}
          {footer && <div className="flex flex-wrap justify-end gap-2">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
