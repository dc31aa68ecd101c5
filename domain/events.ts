import { compareIsoDates, datePart } from './dates';
import { EventTab } from './events-search';

/**
 * The tab an event belongs in, comparing calendar dates only (times of day are ignored) with `today`, an ISO
 * date in the school's zone. Both ends are inclusive: an event that starts today or ends today is present, so
 * a running event never vanishes from every tab on its first or last day. Starting after today is future;
 * ending before today is past. An unreadable date falls back to present, the default tab, rather than hiding
 * the event.
 */
export function eventTab(event: { start_time: string; end_time: string }, today: string): EventTab {
  const start = datePart(event.start_time);
  const end = datePart(event.end_time);
  if (start !== null && compareIsoDates(start, today) > 0) return EventTab.future;
  if (end !== null && compareIsoDates(end, today) < 0) return EventTab.past;
  return EventTab.present;
}

/**
 * The stored sort list and selected filter after deleting an event (SPEC §4): the event leaves the list, and
 * when it was the selected filter the first remaining one is selected (null when none remain).
 */
export function afterEventDeleted<Id>(
  sortList: readonly Id[],
  selected: Id | null,
  deleted: Id,
): { sortList: Id[]; selected: Id | null } {
  const remaining = sortList.filter((id) => id !== deleted);
  if (selected !== deleted) return { sortList: remaining, selected };
  return { sortList: remaining, selected: remaining[0] ?? null };
}

/**
 * The events filter's choices in the locally stored sort order (SPEC §4): ids the list already had keep their
 * place, events the list does not know yet follow in the server's order, and events that are gone drop out.
 * Answers the choices and the order to store back.
 */
export function inStoredOrder<Choice extends { id: string }>(
  choices: readonly Choice[],
  stored: readonly string[],
): { choices: Choice[]; order: string[] } {
  const byId = new Map(choices.map((choice) => [choice.id, choice]));
  const kept = stored.filter((id) => byId.has(id));
  const known = new Set(kept);
  const order = [...kept, ...choices.map((choice) => choice.id).filter((id) => !known.has(id))];
  return { choices: order.flatMap((id) => byId.get(id) ?? []), order };
}
