import { useLingui } from '@lingui/react/macro';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { decideBack } from './back-button';
import { useNavHistory } from './nav-history';

/** The header's back button; SPEC §2 decides when it shows and where it goes (see `decideBack`). */
export function BackButton() {
  const { t } = useLingui();
  const router = useRouter();
  const history = useNavHistory();
  const page = useRouterState({
    select: (state) => {
      const match = state.matches.at(-1);
      return {
        routePath: match?.fullPath ?? state.location.pathname,
        pathname: state.location.pathname,
        search: state.location.search,
      };
    },
    structuralSharing: true,
  });
  const decision = decideBack({ ...page, history });
  if (!decision.visible) return null;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t`Back`}
      onClick={() => void router.navigate({ href: decision.href })}
    >
      <Icon name="back" />
    </Button>
  );
}
