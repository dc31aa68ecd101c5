import { createToastStore } from '../ui/toast-store';

/** The app's toast queue: any screen may `appToasts.show(...)`; the shell draws them. */
export const appToasts = createToastStore();
