import { describe, expect, it } from 'vitest';
import { StickyType } from './stickies';
import { dashboardItems, stickyUrgency } from './sticky-groups';

function card(id: string, type: number) {
  return { id, type };
}

function outline(items: ReturnType<typeof dashboardItems<{ id: string; type: number }>>) {
  return items.map((item) =>
    item.kind === 'card' ? item.card.id : `${item.type}:[${item.cards.map((one) => one.id).join(',')}]`,
  );
}

describe('the dashboard as a to-do list', () => {
  it('gathers the cards of one worded-by-type kind into one, in the place of the newest', () => {
    const cards = [
      card('a1', StickyType.lessonAttendance),
      card('p1', StickyType.lessonNotPlan),
      card('a2', StickyType.lessonAttendance),
      card('a3', StickyType.lessonAttendance),
    ];
    expect(outline(dashboardItems(cards))).toEqual([`${StickyType.lessonAttendance}:[a1,a2,a3]`, 'p1']);
  });

  it('keeps a lone card of a kind as itself, and never gathers what someone wrote', () => {
    const cards = [
      card('m1', StickyType.memo),
      card('m2', StickyType.memo),
      card('r1', StickyType.stickyRequest),
      card('r2', StickyType.stickyRequest),
      card('s1', StickyType.subject),
    ];
    expect(outline(dashboardItems(cards))).toEqual(['r1', 'r2', 'm1', 'm2', 's1']);
  });

  it('puts the most urgent first: requests, attendance, scores, plans, highlights, notes, news', () => {
    const cards = [
      card('subject', StickyType.subject),
      card('memo', StickyType.memo),
      card('highlight', StickyType.highlightAttendance),
      card('plan', StickyType.examNotPlan),
      card('scores', StickyType.lessonAchievement),
      card('attendance', StickyType.attendance),
      card('request', StickyType.request),
    ];
    expect(outline(dashboardItems(cards))).toEqual([
      'request',
      'attendance',
      'scores',
      'plan',
      'highlight',
      'memo',
      'subject',
    ]);
  });

  it('turns a teacher’s 36 cards of a few kinds into a first page of what matters today', () => {
    const kinds = [
      StickyType.subject,
      StickyType.lessonNotPlan,
      StickyType.lessonAttendance,
      StickyType.lessonAchievement,
    ];
    const cards = Array.from({ length: 36 }, (_, index) =>
      card(`c${index}`, kinds[index % kinds.length] ?? 0),
    );
    const items = dashboardItems(cards);
    expect(items.map((item) => (item.kind === 'group' ? [item.type, item.cards.length] : null))).toEqual([
      [StickyType.lessonAttendance, 9],
      [StickyType.lessonAchievement, 9],
      [StickyType.lessonNotPlan, 9],
      [StickyType.subject, 9],
    ]);
  });

  it('leaves a card with text of its own, and every card when told not to gather, one by one', () => {
    const cards = [
      { id: 'h1', type: StickyType.highlightAttendance, content: 'Come and see me.' },
      { id: 'h2', type: StickyType.highlightAttendance, content: null },
      { id: 'h3', type: StickyType.highlightAttendance, content: null },
    ];
    expect(outline(dashboardItems(cards))).toEqual(['h1', `${StickyType.highlightAttendance}:[h2,h3]`]);
    expect(outline(dashboardItems(cards, { gather: false }))).toEqual(['h1', 'h2', 'h3']);
  });

  it('ranks an unknown type last', () => {
    expect(stickyUrgency(99)).toBeGreaterThan(stickyUrgency(StickyType.subject));
  });
});
