import { createToastStore } from '../ui/toast';

/** The app's toast queue: any screen may `appToasts.show(...)`; the shell draws them. */
export const appToasts = createToastStore();
