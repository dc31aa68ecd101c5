import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SyncCollection } from '../../../domain/sync';
import { useFirstPullsDone } from '../../db/use-first-pull-done';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';
import { Spinner } from '../../ui/spinner';
import { ArrivingOrEmpty } from '../shared/arriving-or-empty';
import { ScreenLink } from '../shared/screen-link';
import type { Child } from './children';

/** The screens of one child, each a tab under the switcher. */
export type ChildTab = 'day' | 'attendance' | 'scores' | 'requests' | 'who-looked';

const TAB_PATHS: Record<ChildTab, string> = {
  day: '',
  attendance: '/attendance',
  scores: '/scores',
  requests: '/requests',
  'who-looked': '/who-looked',
};

/** The address of one child's tab. */
export function childHref(studentId: string, tab: ChildTab): string {
  return `/children/${studentId}${TAB_PATHS[tab]}`;
}

const PILL =
  'inline-flex min-h-10 items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap hover:bg-slate-100';

/**
 * The child switcher (issue 43): the guardian's children by name, the current one marked; choosing one opens
 * the same tab for them (the child shown is the one kept as chosen). Shown only to a guardian of several.
 */
export function ChildSwitcher({
  childList,
  current,
  tab,
}: {
  childList: readonly Child[];
  current: string;
  tab: ChildTab;
}) {
  const { t } = useLingui();
  if (childList.length < 2) return null;
  return (
    <nav aria-label={t`Your children`}>
      <ul className="flex flex-wrap gap-2">
        {childList.map((child) => {
          const chosen = child.studentId === current;
          return (
            <li key={child.studentId}>
              <ScreenLink
                to={childHref(child.studentId, tab)}
                className={cn(
                  PILL,
                  chosen ? 'border-blue-800 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white',
                )}
                current={chosen}
              >
                <span data-user-text="">{child.name}</span>
              </ScreenLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The tabs of one child's screens: their day, attendance, scores, requests and who looked at their record. */
export function ChildTabs({ studentId, tab }: { studentId: string; tab: ChildTab }) {
  const { t } = useLingui();
  const tabs: [ChildTab, string][] = [
    ['day', t`Day`],
    ['attendance', t`Attendance`],
    ['scores', t`Scores`],
    ['requests', t`Requests`],
    ['who-looked', t`Who looked`],
  ];
  return (
    <nav aria-label={t`Child's screens`} className="-mx-1 overflow-x-auto px-1">
      <ul className="flex gap-1 border-b border-slate-200">
        {tabs.map(([key, label]) => (
          <li key={key}>
            <ScreenLink
              to={childHref(studentId, key)}
              current={key === tab}
              className={cn(
                'inline-flex min-h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                key === tab ? 'border-blue-800 text-blue-900' : 'border-transparent text-slate-600',
              )}
            >
              {label}
            </ScreenLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The frame of a child's screens: the child's name, the switcher, the tabs, then the tab. A child the device
 * does not hold (another family's, or one whose link ended) shows that it is not theirs to see, once the
 * first pull of people has ended; before, that the rows are still arriving.
 */
export function ChildFrame({
  childList,
  studentId,
  tab,
  children,
}: {
  childList: readonly Child[] | undefined;
  studentId: string;
  tab: ChildTab;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const peopleDone = useFirstPullsDone([SyncCollection.people]);
  if (childList === undefined) return <Spinner label={t`Loading`} />;
  const child = childList.find((row) => row.studentId === studentId);
  if (!child) {
    if (peopleDone !== true)
      return <ArrivingOrEmpty collections={[SyncCollection.people]} empty={t`Not your child`} />;
    return <NotYourChild />;
  }
  return (
    <Screen title={<span data-user-text="">{child.name}</span>} className="min-w-0">
      <ChildSwitcher childList={childList} current={studentId} tab={tab} />
      <ChildTabs studentId={studentId} tab={tab} />
      {children}
    </Screen>
  );
}

/** A child page of a student who is not one of this guardian's children. */
function NotYourChild() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="not-your-child-title" className="mx-auto max-w-lg py-16 text-center">
      <h1 id="not-your-child-title" className="text-xl font-semibold">
        <Trans>This student is not linked to your account</Trans>
      </h1>
      <p className="mt-2 text-slate-600">
        {t`You see only your own children. If this is your child, contact the school.`}
      </p>
    </section>
  );
}

/**
 * `/children` for a guardian with no live child (issue 43): nothing to see, and whom to ask. During the
 * first sync it says the children are still arriving instead.
 */
export function NoChildScreen() {
  const { t } = useLingui();
  const done = useFirstPullsDone([SyncCollection.people]);
  if (done !== true)
    return (
      <ArrivingOrEmpty collections={[SyncCollection.people]} empty={t`No child is linked to your account`} />
    );
  return (
    <EmptyState
      title={t`No child is linked to your account`}
      description={t`Contact the school to link your child to this account.`}
    />
  );
}

/** `/children` for a guardian of several children who has not chosen yet: the switcher as cards. */
export function ChildChooser({ childList }: { childList: readonly Child[] }) {
  const { t } = useLingui();
  return (
    <Screen title={<Trans>My children</Trans>}>
      <ul aria-label={t`Your children`} className="flex flex-col gap-2">
        {childList.map((child) => (
          <li key={child.studentId}>
            <ScreenLink
              to={childHref(child.studentId, 'day')}
              className="flex min-h-12 items-center rounded border border-slate-200 bg-white px-3 py-2 font-medium hover:bg-slate-50"
            >
              <span data-user-text="">{child.name}</span>
            </ScreenLink>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
