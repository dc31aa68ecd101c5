import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type AccountRole, Role } from '../../../domain/roles';
import { dashboardItems } from '../../../domain/sticky-groups';
import {
  clampStickyPage,
  pageAfterClose,
  stickiesPerPage,
  stickyPageCount,
  stickyPageSlots,
} from '../../../domain/sticky-paging';
import { SyncCollection } from '../../../domain/sync';
import type { StickyDocType } from '../../db/synced-schemas';
import { errorMessage } from '../../i18n/error-messages';
import { Pagination } from '../../ui/pagination';
import { Spinner } from '../../ui/spinner';
import { ArrivingOrEmpty } from '../shared/arriving-or-empty';
import { closeSticky } from './sticky-calls';
import { StickyCard, StickyGroupCard } from './sticky-card';
import { useStickies } from './use-stickies';
import { useWindowWidth } from './use-window-width';

/**
 * The dashboard of SPEC §2, rendered from the local `stickies` collection (offline too). Desktop: a strip of
 * 6 cards on windows at least 1920 px wide, else 4, with empty placeholders filling the row and paging;
 * mobile: one card, with the carousel's previous/next shown only online and when more pages exist. Closing
 * a card (staff, online) keeps the page, or steps back one when it was the last card of the last page.
 * Cards of one kind gather into one card with their list, and the most urgent come first (issue 25).
 */
export function DashboardScreen({
  role,
  online,
  isMobile,
}: {
  role: AccountRole;
  online: boolean;
  isMobile: boolean;
}) {
  const { t, i18n } = useLingui();
  const width = useWindowWidth();
  const { cards, loading } = useStickies(role);
  const [page, setPage] = useState(1);
  // Cards closed here stay hidden until the pull brings them back deleted.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [closing, setClosing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const visible = cards.filter((card) => !closed.has(card.id));
  // Cards of one kind gather into one, most urgent first; the pages are pages of these items.
  const items = dashboardItems(visible, { gather: role !== Role.student });
  const perPage = stickiesPerPage(width, isMobile);
  const pageCount = stickyPageCount(items.length, perPage);
  const current = clampStickyPage(page, items.length, perPage);
  const slots = stickyPageSlots(items, current, perPage);
  const showPager = isMobile ? online && pageCount > 1 : pageCount > 1;

  const close = async (card: StickyDocType) => {
    setClosing(card.id);
    setFailure(null);
    const result = await closeSticky(card.id);
    setClosing(null);
    if (!result.ok) {
      setFailure(errorMessage(i18n, result.failure.code));
      return;
    }
    const gathered = items.some((item) => item.kind === 'group' && item.cards.includes(card));
    setClosed((before) => new Set(before).add(card.id));
    // A card closed inside a gathered card leaves the item in place (or a lone card in its stead).
    setPage(gathered ? current : pageAfterClose(current, items.length, perPage));
  };

  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      <h1 id="dashboard-title" className="text-xl font-semibold">
        <Trans>Dashboard</Trans>
      </h1>
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      {loading ? (
        <div className="flex justify-center py-10">
          <Spinner label={t`Loading…`} />
        </div>
      ) : visible.length === 0 ? (
        <ArrivingOrEmpty
          collections={[SyncCollection.stickies]}
          empty={t`Nothing to do: your dashboard has no cards.`}
        />
      ) : (
        <>
          <ul
            aria-label={t`Cards`}
            className="grid gap-4"
            style={{ gridTemplateColumns: `repeat(${perPage}, minmax(0, 1fr))` }}
          >
            {slots.map((item, index) =>
              item ? (
                <li key={item.key} className="min-h-48">
                  {item.kind === 'card' ? (
                    <StickyCard
                      card={item.card}
                      role={role}
                      online={online}
                      closing={closing === item.card.id}
                      onClose={(target) => void close(target)}
                    />
                  ) : (
                    <StickyGroupCard
                      type={item.type}
                      cards={item.cards}
                      role={role}
                      online={online}
                      closing={closing}
                      onClose={(target) => void close(target)}
                    />
                  )}
                </li>
              ) : (
                <li
                  // Placeholders have no identity but their place in the row.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a placeholder is its slot
                  key={`placeholder-${index}`}
                  aria-hidden="true"
                  data-placeholder="true"
                  className="min-h-48 rounded-lg border border-dashed border-slate-300 bg-slate-50"
                />
              ),
            )}
          </ul>
          {showPager && (
            <Pagination
              page={current}
              total={items.length}
              perPage={perPage}
              onPageChange={setPage}
              label={t`Card pages`}
              align="center"
            />
          )}
        </>
      )}
    </section>
  );
}
