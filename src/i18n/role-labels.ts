import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type AccountRole, Role } from '../../domain/roles';

/** The translated name of each account role (SPEC §1). */
export const ROLE_LABELS: Record<AccountRole, MessageDescriptor> = {
  [Role.observer]: msg`Observer`,
  [Role.teacher]: msg`Teacher`,
  [Role.admin]: msg`Admin`,
  [Role.superAdmin]: msg`Super admin`,
  [Role.student]: msg`Student`,
  [Role.guardian]: msg`Guardian`,
};
