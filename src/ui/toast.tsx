import { useLingui } from '@lingui/react/macro';
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { LIMITS } from '../../domain/limits';
import { cn } from './cn';
import { Icon } from './icons';
import type { ToastStore, ToastTone } from './toast-store';

const TONES: Record<ToastTone, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  error: 'border-red-300 bg-red-50 text-red-950',
  info: 'border-slate-300 bg-white text-slate-900',
};

/**
 * Shows the store's toasts for 4 seconds each (SPEC §9), announced politely (errors assertively) and
 * paused while hovered or focused; F8 moves focus to them.
 */
export function Toaster({ store, durationMs = LIMITS.toastMs }: { store: ToastStore; durationMs?: number }) {
  const { t } = useLingui();
  const toasts = useSyncExternalStore(store.subscribe, store.list);
  return (
    <Toast.Provider duration={durationMs} label={t`Notification`}>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) store.dismiss(toast.id);
          }}
          className={cn(
            'flex items-start gap-3 rounded-lg border px-4 py-3 shadow-md data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0',
            TONES[toast.tone],
          )}
        >
          <div className="flex-1">
            <Toast.Title className="text-sm font-medium">{toast.title}</Toast.Title>
            {toast.description && (
              <Toast.Description className="mt-1 text-sm opacity-90">{toast.description}</Toast.Description>
            )}
          </div>
          <Toast.Close aria-label={t`Close`} className="-m-1 rounded p-1 hover:bg-black/5">
            <Icon name="close" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t`Notifications (F8)`}
        className="fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
      />
    </Toast.Provider>
  );
}
