import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '../../app/status-screens';

// SPEC §2: unknown addresses and 404 answers land here, inside the shell, for every role.
export const Route = createFileRoute('/_app/not-found')({
  component: NotFoundScreen,
});
