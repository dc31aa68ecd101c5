import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef, useState } from 'react';
import { LIMITS } from '../../../domain/limits';
import type { AccountRole } from '../../../domain/roles';
import { isRequestSticky, mayCloseSticky, STICKY_STYLES, StickyType } from '../../../domain/stickies';
import { useMayOpenLink } from '../../app/use-registered-paths';
import type { StickyDocType } from '../../db/synced-schemas';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { Popover } from '../../ui/popover';
import { SafeHtml } from '../../ui/safe-html';
import { ScreenLink } from '../shared/screen-link';
import { isStudentTypeCard, shownContactLinks, stickyMore } from './sticky-card-rules';
import { StickyMoreList } from './sticky-more';
import { stickyDefaultBody, stickyGroupCount, stickyHeading } from './sticky-text';
import { useOverflow } from './use-overflow';

/** The accent colour of each card style (SPEC §9 names one style per type). */
const ACCENTS: Record<string, string> = {
  attendance: 'border-t-emerald-600',
  'lesson-attendance': 'border-t-emerald-600',
  achievement: 'border-t-amber-500',
  'lesson-achievement': 'border-t-amber-500',
  'lesson-not-plan': 'border-t-sky-600',
  'exam-not-plan': 'border-t-indigo-600',
  'lesson-note-plan': 'border-t-cyan-600',
  'highlight-attendance': 'border-t-rose-600',
  'highlight-achievement': 'border-t-rose-600',
  'highlight-teacher': 'border-t-rose-600',
  'highlight-student': 'border-t-rose-600',
  memo: 'border-t-yellow-500',
  request: 'border-t-violet-600',
  'sticky-request': 'border-t-violet-600',
  teacher: 'border-t-teal-600',
  subject: 'border-t-blue-700',
};

const TEXT_CLASS = 'text-sm leading-5 text-slate-800 break-words';

/** The full text of a card in a popover, behind a "show all" button. */
function FullTextPopover({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Popover
      label={t`Full text`}
      widthPx={320}
      align="start"
      trigger={
        <Button variant="ghost" size="sm" className="px-1 text-blue-800">
          {label}
        </Button>
      }
    >
      <div className={`max-h-80 overflow-y-auto p-3 ${TEXT_CLASS}`}>{children}</div>
    </Popover>
  );
}

/** Text clamped at 3 lines, with the whole of it in a popover when it does not fit (SPEC §2). */
function ClampedText({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(ref);
  return (
    <div>
      <div ref={ref} className={`line-clamp-3 ${TEXT_CLASS}`}>
        {children}
      </div>
      {overflows && <FullTextPopover label={t`Show all`}>{children}</FullTextPopover>}
    </div>
  );
}

/** A memo: shown up to 76 px, with a More popover above that (SPEC §2). */
function MemoText({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(ref, LIMITS.memoSeeMorePx);
  return (
    <div>
      <div ref={ref} style={{ maxHeight: LIMITS.memoSeeMorePx }} className={`overflow-hidden ${TEXT_CLASS}`}>
        {children}
      </div>
      {overflows && <FullTextPopover label={t`Read more`}>{children}</FullTextPopover>}
    </div>
  );
}

/** A student-type card's text: up to 144 px, with see more / zoom out in place (SPEC §2). */
function ExpandableText({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const overflows = useOverflow(ref, LIMITS.studentHighlightExpandPx);
  return (
    <div>
      <div
        ref={ref}
        style={expanded ? undefined : { maxHeight: LIMITS.studentHighlightExpandPx }}
        className={`overflow-hidden ${TEXT_CLASS}`}
      >
        {children}
      </div>
      {overflows && (
        <Button
          variant="ghost"
          size="sm"
          className="px-1 text-blue-800"
          aria-expanded={expanded}
          onClick={() => setExpanded((current) => !current)}
        >
          {expanded ? <Trans>Zoom out</Trans> : <Trans>See more</Trans>}
        </Button>
      )}
    </div>
  );
}

/** The contact links of a card: one or two, then an ellipsis for the rest (SPEC §2). */
function ContactLinks({ urls }: { urls: readonly string[] }) {
  const { t } = useLingui();
  const { shown, more } = shownContactLinks(urls);
  if (shown.length === 0) return null;
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-xs">
      <span className="text-slate-600">{t`Contact:`}</span>
      {shown.map((url) => (
        <a
          key={url}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          title={url}
          className="max-w-full truncate text-blue-800 underline"
        >
          {url}
        </a>
      ))}
      {more && (
        <span>
          <span aria-hidden="true">…</span>
          <span className="sr-only">{t`and more links`}</span>
        </span>
      )}
    </p>
  );
}

/** The names that place a card: subject, year code, lesson, class and room; a request card's student too. */
function cardPlaceText(card: StickyDocType): string {
  const student = isRequestSticky(card.type as StickyType) ? card.studentName : null;
  return [student, card.subjectName, card.yearCodeName, card.lessonName, card.className, card.roomName]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

function CardPlace({ card }: { card: StickyDocType }) {
  const place = cardPlaceText(card);
  if (!place) return null;
  return (
    <p title={place} data-user-text="" className="truncate text-xs text-slate-600">
      {place}
    </p>
  );
}

/** What a card says: its own (sanitised) content, a student's highlight message, or its kind's sentence. */
function CardBody({ card }: { card: StickyDocType }) {
  const { i18n } = useLingui();
  const html = card.content ?? card.messageToStudent;
  const fallback = stickyDefaultBody(card.type);
  if (!html && !fallback) return null;
  // Text a person wrote (a memo, a highlight's message to students) is data, in whatever language they wrote it.
  const body = html ? (
    <div data-user-text="">
      <SafeHtml html={html} />
    </div>
  ) : (
    <p>{fallback ? i18n._(fallback) : null}</p>
  );
  if (card.type === StickyType.memo) return <MemoText>{body}</MemoText>;
  if (isStudentTypeCard(card.type)) return <ExpandableText>{body}</ExpandableText>;
  return <ClampedText>{body}</ClampedText>;
}

/**
 * A card's More (SPEC §2): the list of its classes or students, or a link to its screen; nothing when the
 * screen is missing from this build or the role may not open it.
 */
function CardMore({ card, role }: { card: StickyDocType; role: AccountRole }) {
  const mayOpen = useMayOpenLink(role);
  const more = stickyMore(card, role);
  if (more.kind === 'classes' || more.kind === 'students')
    return <StickyMoreList card={card} more={more} mayOpen={mayOpen} />;
  const target =
    more.kind === 'profile' ? '/achievement-attendance-profile' : more.kind === 'link' ? more.to : null;
  if (!target || !mayOpen(target)) return null;
  return (
    <ScreenLink
      to={target}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
    >
      <Trans>More</Trans>
    </ScreenLink>
  );
}

/**
 * One dashboard card (SPEC §2): heading, place, text, contact links, More, and the close button for staff
 * online (never on request cards; `mayCloseSticky` is the one rule, the server's too).
 */
export function StickyCard({
  card,
  role,
  online,
  closing,
  onClose,
}: {
  card: StickyDocType;
  role: AccountRole;
  online: boolean;
  closing: boolean;
  onClose: (card: StickyDocType) => void;
}) {
  const { i18n } = useLingui();
  const heading = i18n._(stickyHeading(card.type));
  const canClose = mayCloseSticky(role, card.type as StickyType, online);

  return (
    <CardFrame
      type={card.type}
      heading={heading}
      close={
        canClose ? <CloseCardButton label={heading} busy={closing} onClick={() => onClose(card)} /> : null
      }
    >
      <CardPlace card={card} />
      <div className="min-h-0 flex-1">
        <CardBody card={card} />
      </div>
      <ContactLinks urls={card.contactUrls} />
      <footer className="flex justify-end">
        <CardMore card={card} role={role} />
      </footer>
    </CardFrame>
  );
}

/** The frame of a card: its kind's accent, its heading and, for staff online, its close button. */
function CardFrame({
  type,
  heading,
  close,
  children,
}: {
  type: number;
  heading: string;
  close: ReactNode;
  children: ReactNode;
}) {
  const style = STICKY_STYLES[type as StickyType] ?? 'empty';
  return (
    <article
      aria-label={heading}
      data-sticky-style={style}
      className={`flex h-full min-w-0 flex-col gap-2 rounded-lg border border-t-4 border-slate-200 bg-white p-3 shadow-sm ${ACCENTS[style] ?? 'border-t-slate-400'}`}
    >
      <header className="flex items-start gap-2">
        <h2 className="min-w-0 flex-1 text-sm font-semibold break-words text-slate-900">{heading}</h2>
        {close}
      </header>
      {children}
    </article>
  );
}

/** Closes one card (SPEC §4); `label` names what it closes for a screen reader. */
function CloseCardButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  const { t } = useLingui();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-mt-1 -mr-1 shrink-0 px-1.5"
      aria-label={t`Close card: ${label}`}
      busy={busy}
      onClick={onClick}
    >
      <Icon name="close" className="size-4" />
    </Button>
  );
}

/**
 * Several cards of one kind gathered into one (issue 25): "Attendance · 12 classes", the kind's sentence,
 * and the list of their places, each with its own More and, for staff online, its own close button.
 */
export function StickyGroupCard({
  type,
  cards,
  role,
  online,
  closing,
  onClose,
}: {
  type: number;
  cards: readonly StickyDocType[];
  role: AccountRole;
  online: boolean;
  closing: string | null;
  onClose: (card: StickyDocType) => void;
}) {
  const { i18n, t } = useLingui();
  const kind = i18n._(stickyHeading(type));
  const heading = `${kind} · ${stickyGroupCount(type, cards.length)}`;
  const body = stickyDefaultBody(type);
  const canClose = mayCloseSticky(role, type as StickyType, online);
  return (
    <CardFrame type={type} heading={heading} close={null}>
      {body && <p className={TEXT_CLASS}>{i18n._(body)}</p>}
      <ul aria-label={t`Cards of this kind`} className="-mx-1 max-h-64 min-h-0 flex-1 overflow-y-auto">
        {cards.map((card) => {
          const place = cardPlaceText(card) || kind;
          return (
            <li
              key={card.id}
              className="flex min-w-0 items-center gap-2 border-t border-slate-100 px-1 py-1.5"
            >
              <span className="min-w-0 flex-1 break-words text-xs text-slate-700">{place}</span>
              <CardMore card={card} role={role} />
              {canClose && (
                <CloseCardButton
                  label={`${kind} ${place}`}
                  busy={closing === card.id}
                  onClick={() => onClose(card)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </CardFrame>
  );
}
