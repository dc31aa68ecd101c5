import { registered, type SyncCollectionRegistry } from '../sync/engine';
import { achievementsCollection } from './achievement/collection';
import { attendanceCollection } from './attendance/collection';
import { stickiesCollection } from './dashboard/collection';
import { lessonsCollection } from './lessons/collection';
import { masterCollection } from './master/collection';
import { notesCollection } from './notes/collection';
import { notificationsCollection } from './notifications/collection';
import { peopleCollection } from './people/collection';
import { requestsCollection } from './requests/collection';
import { schedulesCollection } from './schedules/collection';
import { subjectsCollection } from './subjects/collection';

/**
 * Every replicated collection's definition, each owned by its area's module, keyed by the domain's collection
 * names: a collection added to `SyncCollection` without a definition here fails the typecheck. `app.ts` hands
 * this registry to the sync routes, which import no module themselves.
 */
export const syncCollections: SyncCollectionRegistry = {
  master: registered(masterCollection),
  people: registered(peopleCollection),
  attendance: registered(attendanceCollection),
  achievements: registered(achievementsCollection),
  stickies: registered(stickiesCollection),
  notifications: registered(notificationsCollection),
  requests: registered(requestsCollection),
  notes: registered(notesCollection),
  subjects: registered(subjectsCollection),
  schedules: registered(schedulesCollection),
  lessons: registered(lessonsCollection),
};
