import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ATTENDANCE_STATUS_LABELS, type AttendanceStatus } from '../../../domain/attendance';
import type { CellState } from './attendance-sheet';

/** The statuses in the order the sheet offers them (and the keys 1–4 type them). */
export const STATUS_ORDER: readonly AttendanceStatus[] = ATTENDANCE_STATUS_LABELS.map(
  (entry) => entry.status,
);

/** What each sync state of a cell says. */
export const CELL_STATE_LABELS: Record<CellState, MessageDescriptor> = {
  saved: msg`Saved`,
  waiting: msg`Waiting to sync`,
  refused: msg`Refused by the server`,
  empty: msg`Not entered`,
};
