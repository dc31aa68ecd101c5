import { StickyType } from './stickies';

/**
 * How urgent each kind of card is, most urgent first (issue 25: the dashboard is a to-do list). A student
 * waiting on a request comes first, then what is overdue today (attendance, then scores not entered), then
 * what is coming (plans), then what to watch (highlights), then notes to read, then news.
 */
const URGENCY: readonly (readonly StickyType[])[] = [
  [StickyType.request, StickyType.stickyRequest],
  [StickyType.lessonAttendance, StickyType.attendance],
  [StickyType.lessonAchievement, StickyType.achievement],
  [StickyType.lessonNotPlan, StickyType.examNotPlan],
  [
    StickyType.highlightAttendance,
    StickyType.highlightAchievement,
    StickyType.highlightTeacher,
    StickyType.highlightStudent,
  ],
  [StickyType.memo, StickyType.teacher, StickyType.lessonNotePlan],
  [StickyType.subject, StickyType.empty],
];

/** The urgency rank of a card type: lower is more urgent; an unknown type comes last. */
export function stickyUrgency(type: number): number {
  const rank = URGENCY.findIndex((types) => (types as readonly number[]).includes(type));
  return rank === -1 ? URGENCY.length : rank;
}

/**
 * The card types that gather into one card when a user has several: those whose cards say nothing of their
 * own (the app words them by type), so one card with the list of their places loses nothing. Cards carrying
 * what someone wrote (memos, notes, requests, messages to a student) stay one by one.
 */
const GROUPED_TYPES: ReadonlySet<number> = new Set([
  StickyType.attendance,
  StickyType.achievement,
  StickyType.lessonAttendance,
  StickyType.lessonAchievement,
  StickyType.lessonNotPlan,
  StickyType.examNotPlan,
  StickyType.highlightAttendance,
  StickyType.highlightAchievement,
  StickyType.highlightTeacher,
  StickyType.subject,
]);

/** One place on the dashboard: a card, or the cards of one kind gathered into one. */
export type DashboardItem<Card> =
  | { kind: 'card'; key: string; card: Card }
  | { kind: 'group'; key: string; type: number; cards: readonly Card[] };

/** Whether a card may gather with others of its kind: a grouped type, and no text of its own on it. */
function gathers(card: { type: number; content?: string | null }): boolean {
  return GROUPED_TYPES.has(card.type) && !card.content;
}

/**
 * The dashboard's items from the cards in their listed order (newest first): with `gather`, cards of a
 * grouped type gather into one item when there are two or more of them, in the place of the newest; then
 * the items go most urgent first, keeping the listed order among equally urgent ones. Paging (SPEC §2) then
 * pages the items. A student's few cards each speak to them, so their dashboard orders without gathering.
 */
export function dashboardItems<Card extends { id: string; type: number; content?: string | null }>(
  cards: readonly Card[],
  { gather = true }: { gather?: boolean } = {},
): DashboardItem<Card>[] {
  const byType = new Map<number, Card[]>();
  for (const card of cards) {
    if (!gather || !gathers(card)) continue;
    byType.set(card.type, [...(byType.get(card.type) ?? []), card]);
  }
  const items: DashboardItem<Card>[] = [];
  for (const card of cards) {
    const sameKind = gather && gathers(card) ? byType.get(card.type) : undefined;
    if (!sameKind || sameKind.length < 2) {
      items.push({ kind: 'card', key: card.id, card });
    } else if (sameKind[0] === card) {
      items.push({ kind: 'group', key: `group:${card.type}`, type: card.type, cards: sameKind });
    }
  }
  const typeOf = (item: DashboardItem<Card>) => (item.kind === 'card' ? item.card.type : item.type);
  return items
    .map((item, order) => ({ item, order }))
    .sort((a, b) => stickyUrgency(typeOf(a.item)) - stickyUrgency(typeOf(b.item)) || a.order - b.order)
    .map(({ item }) => item);
}
