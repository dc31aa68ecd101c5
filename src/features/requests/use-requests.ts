import { map, of, switchMap } from 'rxjs';
import { type StudentWho, studentIdOf$, studentWhoKey } from '../../db/queries/people';
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

/** What the request form offers for a student (the signed-in one, or a guardian's child), from this device. */
export function useRequestFormChoices(who: StudentWho) {
  return useLiveQuery(
    (database) =>
      studentIdOf$(database, who).pipe(
        switchMap((studentId) =>
          studentId
            ? requestFormSources$(database, studentId).pipe(
                map((sources) => buildFormChoices(studentId, sources)),
              )
            : of(null),
        ),
      ),
    [studentWhoKey(who)],
  );
}
