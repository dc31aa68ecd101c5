import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { StickyClassesResponse as StickyClassList } from '../../../domain/schemas/stickies';
import type { StickyDocType } from '../../db/synced-schemas';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { Popover } from '../../ui/popover';
import { Spinner } from '../../ui/spinner';
import { ScreenLink } from '../shared/screen-link';
import { listStickyClasses, listStickyStudents } from './sticky-calls';
import { lessonPath, type StickyMore } from './sticky-card-rules';
import { STICKY_EMPTY_TEXT } from './sticky-text';

type Entry = { key: string; to: string | null; label: string };
type LoadState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; entries: Entry[] }
  | { status: 'failed'; code: string };

const LINK_CLASS = 'block rounded px-2 py-1.5 text-sm text-blue-900 hover:bg-blue-50';

/**
 * Where a class of a card's list leads (SPEC §2): its attendance, its scores, or its lesson and plan; the
 * nearest of these screens the role may open (the plan, else its lesson, else the subject), none when none.
 */
function classEntry(
  list: Extract<StickyMore, { kind: 'classes' }>['list'],
  entry: StickyClassList['data'][number],
  mayOpen: (href: string) => boolean,
): Entry {
  const label = entry.room ? `${entry.name}（${entry.room}）` : entry.name;
  const key = `${entry.id}:${entry.schedule_id ?? ''}`;
  const candidates =
    list === 'attendance'
      ? [`/attendance?subjectClass=${entry.id}`]
      : list === 'achievement'
        ? [`/achievement?subjectClass=${entry.id}`]
        : [
            ...(entry.lesson_id
              ? [
                  lessonPath(entry.subject_id, entry.lesson_id, {
                    scheduleId: entry.schedule_id,
                    planId: entry.plan_id,
                  }),
                  lessonPath(entry.subject_id, entry.lesson_id),
                ]
              : []),
            `/academic/subjects/${entry.subject_id}`,
          ];
  return { key, label, to: candidates.find(mayOpen) ?? null };
}

/**
 * A card's More popover: the classes or students behind it, asked of the server when opened (the lists are
 * worked out now, so they are online only; offline the popover says so).
 */
export function StickyMoreList({
  card,
  more,
  mayOpen,
}: {
  card: StickyDocType;
  more: Extract<StickyMore, { kind: 'classes' | 'students' }>;
  /** Whether the viewer may follow a link: entries without a screen to open are listed as plain text. */
  mayOpen: (href: string) => boolean;
}) {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<LoadState>({ status: 'idle' });

  const load = async () => {
    setState({ status: 'loading' });
    if (more.kind === 'students') {
      const result = await listStickyStudents(card.id);
      if (!result.ok) return setState({ status: 'failed', code: result.failure.code });
      return setState({
        status: 'done',
        entries: result.value.map((student) => {
          const to = `/students/${student.id}`;
          return {
            key: student.id,
            to: mayOpen(to) ? to : null,
            label: `${student.identity} ${student.name}`,
          };
        }),
      });
    }
    const result = await listStickyClasses(more.list, card.id, card.type);
    if (!result.ok) return setState({ status: 'failed', code: result.failure.code });
    setState({ status: 'done', entries: result.value.map((entry) => classEntry(more.list, entry, mayOpen)) });
  };

  const emptyText =
    more.kind === 'students' ? t`No student meets the highlight now.` : i18n._(STICKY_EMPTY_TEXT[more.empty]);

  return (
    <Popover
      label={more.kind === 'students' ? t`Students` : t`Classes`}
      widthPx={280}
      align="start"
      onOpenChange={(open) => {
        if (open) void load();
      }}
      trigger={
        <Button variant="secondary" size="sm">
          <Trans>More</Trans>
        </Button>
      }
    >
      <div className="max-h-72 overflow-y-auto p-2">
        {state.status === 'loading' || state.status === 'idle' ? (
          <div className="flex justify-center py-3">
            <Spinner label={t`Loading…`} />
          </div>
        ) : state.status === 'failed' ? (
          <p role="alert" className="px-2 py-1.5 text-sm text-red-700">
            {state.code === 'offline_now'
              ? errorMessage(i18n, 'offline_feature')
              : errorMessage(i18n, state.code)}
          </p>
        ) : state.entries.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-slate-600">{emptyText}</p>
        ) : (
          <ul aria-label={more.kind === 'students' ? t`Students` : t`Classes`}>
            {state.entries.map((entry) => (
              <li key={entry.key}>
                {entry.to ? (
                  <ScreenLink to={entry.to} className={LINK_CLASS}>
                    {entry.label}
                  </ScreenLink>
                ) : (
                  <span className="block px-2 py-1.5 text-sm text-slate-700">{entry.label}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Popover>
  );
}
