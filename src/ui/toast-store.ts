// The queue apart from its drawing: screens that only show a toast (the sign-in page) load no Radix toast.

/** How a toast looks: a confirmation or a failure. */
export type ToastTone = 'success' | 'error' | 'info';

/** One message on screen. */
export type ToastMessage = { id: number; title: string; description?: string; tone: ToastTone };

/** The queue of toasts on screen. */
export type ToastStore = {
  show(toast: Omit<ToastMessage, 'id'>): number;
  dismiss(id: number): void;
  list(): readonly ToastMessage[];
  subscribe(listener: () => void): () => void;
};

/** Creates a toast queue. */
export function createToastStore(): ToastStore {
  let toasts: readonly ToastMessage[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: readonly ToastMessage[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };
  return {
    show(toast) {
      const id = nextId;
      nextId += 1;
      set([...toasts, { ...toast, id }]);
      return id;
    },
    dismiss(id) {
      set(toasts.filter((toast) => toast.id !== id));
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
