import { useEffect, useState } from 'react';
import type { AccountRole } from '../../../domain/roles';
import { type StickyType, stickyVisibleTo } from '../../../domain/stickies';
import { useDatabase } from '../../db/database-context';
import { uniqueDocuments } from '../../db/queries/rows';
import type { StickyDocType } from '../../db/synced-schemas';
import { newestCardFirst } from './sticky-card-rules';

/** The open cards of the signed-in user, and whether the first local answer has arrived. */
export type StickiesState = { cards: readonly StickyDocType[]; loading: boolean };

/**
 * The user's open dashboard cards from the local database, newest first, live: the dashboard renders from
 * the last sync, offline too, and a card the server adds, retires or closes shows as soon as it is pulled.
 */
export function useStickies(role: AccountRole): StickiesState {
  const database = useDatabase();
  const [cards, setCards] = useState<readonly StickyDocType[] | null>(null);

  useEffect(() => {
    if (!database) return;
    const subscription = database.stickies.find().$.subscribe((documents) => {
      setCards(
        uniqueDocuments(documents)
          .map((document) => document.toMutableJSON())
          .filter((card) => stickyVisibleTo(role, card.type as StickyType))
          .sort(newestCardFirst),
      );
    });
    return () => subscription.unsubscribe();
  }, [database, role]);

  return { cards: cards ?? [], loading: cards === null };
}
