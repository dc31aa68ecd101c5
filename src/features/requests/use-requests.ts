import { map, of, switchMap } from 'rxjs';
import { requestFormSources$, requestingCount$, requestSources$ } from '../../db/queries/requests';
import { useLiveQuery } from '../../db/use-live-query';
import { buildFormChoices } from './request-form';
import { joinRequests } from './request-list';

/** The requests on this device with their names, live; undefined while loading. */
export function useRequestRows() {
  return useLiveQuery((database) => requestSources$(database).pipe(map(joinRequests)), []);
}

/** How many requests on this device wait for a decision: the menu badge (0 while loading). */
export function useRequestingCount(): number {
  return useLiveQuery((database) => requestingCount$(database), []) ?? 0;
}

/** What the request form offers the signed-in student, from this device; undefined while loading. */
export function useRequestFormChoices(userId: string) {
  return useLiveQuery(
    (database) =>
      database.people.findOne(userId).$.pipe(
        map((person) => person?.studentId ?? null),
        switchMap((studentId) =>
          studentId
            ? requestFormSources$(database, studentId).pipe(
                map((sources) => buildFormChoices(studentId, sources)),
              )
            : of(null),
        ),
      ),
    [userId],
  );
}
