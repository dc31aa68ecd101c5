import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { AttendanceStatus } from '../../domain/attendance';

/**
 * The status labels of SPEC §3, in its order (present, late, unexplained absence, absent): the attendance
 * screens and the sync issue list word a status alike.
 */
export const STATUS_LABELS: Record<AttendanceStatus, MessageDescriptor> = {
  [AttendanceStatus.present]: msg`Present`,
  [AttendanceStatus.late]: msg`Late`,
  [AttendanceStatus.unexplainedAbsence]: msg`Unexplained absence`,
  [AttendanceStatus.absent]: msg`Absent`,
};
