import type { AccountRole } from '../../domain/roles';

/** The signed-in user a scope or a guard is asked for: their id and role. */
export interface Actor {
  id: string;
  role: AccountRole;
}
