import { forbidden } from '../http-error';
import type { Actor } from './actor';
import { Reach, reachOf } from './rules';

/**
 * Refuses an actor the rules' table (`schoolSetting`, docs/access.md) does not let read, or change, the
 * school's settings: admins alone do both.
 */
export function requireSchoolSettings(actor: Actor, kind: 'read' | 'write'): void {
  if (reachOf('schoolSetting', kind, actor.role) !== Reach.all) throw forbidden();
}
