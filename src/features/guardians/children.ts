import { map } from 'rxjs';
import { Role } from '../../../domain/roles';
import { asRows } from '../../db/queries/rows';
import { useLiveQuery } from '../../db/use-live-query';

/** A child of the signed-in guardian, as the switcher names them. */
export interface Child {
  /** The child's student record: the id of every `/children/$studentId` screen. */
  studentId: string;
  name: string;
}

/**
 * The signed-in guardian's children from the local database, by name, live (issue 43): the live student rows
 * of this device, which a guardian's scope (the server's `ward` policy) fills with their wards' rows alone.
 * Undefined while loading.
 */
export function useChildren(): Child[] | undefined {
  return useLiveQuery(
    (database) =>
      database.people
        .find({ selector: { role: Role.student, deactivated: false }, sort: [{ name: 'asc' }] })
        .$.pipe(
          asRows(),
          map((people) =>
            people.flatMap((person) =>
              person.studentId ? [{ studentId: person.studentId, name: person.name }] : [],
            ),
          ),
        ),
    [],
  );
}

const CHOSEN_CHILD_KEY = 'guardian.chosen-child';

/** The child this guardian chose last on this device (kept locally, issue 43), or null. */
export function rememberedChild(storage: Pick<Storage, 'getItem'>, userId: string): string | null {
  return storage.getItem(`${CHOSEN_CHILD_KEY}:${userId}`);
}

/** Keeps the child a guardian chose, so the next visit opens on them. */
export function rememberChild(storage: Pick<Storage, 'setItem'>, userId: string, studentId: string): void {
  storage.setItem(`${CHOSEN_CHILD_KEY}:${userId}`, studentId);
}

/**
 * Where `/children` opens: the one child's day, the child chosen last while they are still a child, or the
 * switcher (null) for a guardian of several who has not chosen yet, or has none.
 */
export function landingChild(children: readonly Child[], remembered: string | null): string | null {
  if (children.length === 1) return children[0]?.studentId ?? null;
  return children.find((child) => child.studentId === remembered)?.studentId ?? null;
}
