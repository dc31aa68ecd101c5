import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Link, Outlet, useChildMatches } from '@tanstack/react-router';
import { Role } from '../../../domain/roles';
import { optionalText, searchParser } from '../../../domain/search-params';
import { useSessionUser } from '../../app/session-context';
import { appToasts } from '../../app/toasts';
import { RankingScreen } from '../../features/events/ranking-screen';
import { Tabs } from '../../ui/tabs';

// `tab=event` is where the events pages' back button returns (SPEC §2). The events pages below use `tab`
// for their own tabs, so any other value here reads as the ranking rather than being rewritten.
const searchSchema = searchParser({ tab: optionalText(32) });

export const Route = createFileRoute('/_app/viblo')({
  validateSearch: searchSchema,
  component: VibloRoute,
});

function VibloRoute() {
  const { t } = useLingui();
  const search = Route.useSearch();
  const user = useSessionUser();
  const navigate = Route.useNavigate();
  // The events pages live under this path; they render alone.
  if (useChildMatches().length > 0) return <Outlet />;
  const tab = search.tab === 'event' ? 'event' : 'ranking';
  return (
    <section aria-labelledby="viblo-title" className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 id="viblo-title" className="text-2xl font-semibold">
          {t`Coding events (Viblo)`}
        </h1>
        <p className="text-sm text-slate-600">
          {t`Programming contests held on Viblo, the coding-practice site: the events and how the students ranked in them.`}
        </p>
      </header>
      <Tabs
        label={t`Coding events (Viblo)`}
        value={tab}
        onValueChange={(value) => void navigate({ search: { tab: value === 'event' ? 'event' : 'ranking' } })}
        items={[
          {
            value: 'ranking',
            label: t`Ranking`,
            content: (
              <RankingScreen
                canImport={user?.role === Role.admin}
                notify={(notice) => appToasts.show(notice)}
              />
            ),
          },
          {
            value: 'event',
            label: t`Events`,
            content: (
              <Link to="/viblo/events" className="text-blue-800 underline">
                {t`Open the events list`}
              </Link>
            ),
          },
        ]}
      />
    </section>
  );
}
