import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { AttendanceStatus, attendanceStatusSchema } from '../../../domain/attendance';
import { canCall } from '../../../domain/permissions';
import type { AccountRole } from '../../../domain/roles';
import { useDatabase } from '../../db/database-context';
import { STATUS_LABELS } from '../../i18n/attendance-status-labels';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useLiveForm } from '../../ui/use-live-form';
import { ClassCascade } from '../shared/class-cascade';
import { ClassRosterNotices, useNamesAhead } from '../shared/class-roster-notices';
import { ClassNotOnDevice } from '../shared/not-on-device';
import { SubjectOnDevice } from '../shared/subject-on-device';
import { type MarkPatch, type MarkRefusal, markAttendance } from './attendance-commands';
import { AttendanceGrid } from './attendance-grid';
import { STATUS_ORDER } from './attendance-labels';
import {
  type EnteringMark,
  earlySittingToConfirm,
  type SheetCell,
  type SheetColumn,
  type SheetRow,
  withEnteringMarks,
} from './attendance-sheet';
import { ExchangeDialog, type ExchangeTarget } from './exchange-dialog';
import { SittingHistoryDialog } from './sitting-history-dialog';
import { SittingRoll } from './sitting-roll';
import { ATTENDANCE_SHEET_SHOWN, useAttendanceSheet } from './use-attendance-sheet';

/**
 * The attendance screen (SPEC §2 /attendance, issue 7): the filter cascade, then the chosen class's sheet,
 * read from and written to the local database only. `classId` comes from `?subjectClass=`.
 */
export function AttendanceScreen({
  actor,
  classId,
  scheduleId,
  today,
  online,
  onChooseClass,
  onRefused,
  onExport,
  onExchanged,
}: {
  actor: { id: string; role: AccountRole };
  classId: string;
  /** A sitting to open the roll of (`?schedule=`, from "my day" or a calendar). */
  scheduleId?: string;
  today: string;
  online: boolean;
  onChooseClass: (classId: string) => void;
  onRefused: (reason: MarkRefusal) => void;
  onExport?: (sheet: NonNullable<ReturnType<typeof useAttendanceSheet>>) => void;
  onExchanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const database = useDatabase();
  const [selectedAt, setSelectedAt] = useState<{ classId: string; row: number; column: number } | null>(null);
  const selected = selectedAt?.classId === classId ? selectedAt : null;
  const [confirmSchedule, setConfirmSchedule] = useState<string | null>(null);
  const [exchangeFor, setExchangeFor] = useState<ExchangeTarget | null>(null);
  const [historyOf, setHistoryOf] = useState<SheetColumn | null>(null);
  const loaded = useAttendanceSheet(classId, actor, today);
  // Sittings not yet held that the user agreed to mark anyway, asked once each (`earlySittingToConfirm`).
  const [earlyAgreed, setEarlyAgreed] = useState<ReadonlySet<string>>(new Set());
  const [askEarly, setAskEarly] = useState<{ day: string; scheduleId: string; mark: () => void } | null>(
    null,
  );

  // Statuses entered here that the stored sheet may not show yet: drawn as waiting in the frame of the tap.
  const [entering, setEntering] = useState<ReadonlyMap<string, EnteringMark>>(() => new Map());
  const shown = useMemo(
    () => (loaded ? withEnteringMarks(loaded.sheet, entering) : null),
    [loaded, entering],
  );
  useEffect(() => {
    if (!shown || shown.settled.length === 0) return;
    setEntering((current) => {
      const next = new Map(current);
      for (const id of shown.settled) if (next.get(id)?.stored) next.delete(id);
      return next;
    });
  }, [shown]);

  const store = async (targets: { row: SheetRow; cell: SheetCell }[], patch: MarkPatch) => {
    if (!database || !loaded) return;
    const status = patch.status;
    const storedStatus = (row: SheetRow, cell: SheetCell) =>
      loaded.sheet.rows
        .find((candidate) => candidate.classStudentId === row.classStudentId)
        ?.cells.find((candidate) => candidate.id === cell.id)?.status ?? null;
    // Only a sheet the user may write foretells a status: elsewhere the command refuses it.
    const marks: [string, EnteringMark][] =
      status === undefined || !loaded.sheet.editable
        ? []
        : targets.map(({ row, cell }) => [cell.id, { base: storedStatus(row, cell), status, stored: false }]);
    const settle = (refused: boolean) =>
      setEntering((current) => {
        const next = new Map(current);
        for (const [id, mark] of marks) {
          // A later tap on the cell replaced this mark: that one settles on its own write.
          if (next.get(id) !== mark) continue;
          if (refused) next.delete(id);
          else next.set(id, { ...mark, stored: true });
        }
        return next;
      });
    if (marks.length > 0) setEntering((current) => new Map([...current, ...marks]));
    let refusal: MarkRefusal | null;
    try {
      refusal = await markAttendance(
        database,
        actor,
        targets.map(({ row, cell }) => ({
          subjectClass: loaded.subjectClass,
          classStudentId: row.classStudentId,
          studentId: row.studentId,
          scheduleId: cell.scheduleId,
        })),
        patch,
      );
    } catch (error) {
      settle(true);
      throw error;
    }
    settle(refusal !== null);
    if (refusal) onRefused(refusal);
  };

  /** Stores a mark, first asking once about a sitting not yet held when a status is set on it. */
  const write = async (targets: { row: SheetRow; cell: SheetCell }[], patch: MarkPatch) => {
    const early =
      patch.status != null && loaded
        ? earlySittingToConfirm(
            loaded.sheet.columns,
            targets.map(({ cell }) => cell.scheduleId),
            today,
            earlyAgreed,
          )
        : null;
    if (!early) return store(targets, patch);
    setAskEarly({ day: early.day, scheduleId: early.id, mark: () => void store(targets, patch) });
  };

  const sheet = shown?.sheet;
  useNamesAhead(sheet?.awaitingNames);
  const markAllEarly =
    sheet && confirmSchedule
      ? earlySittingToConfirm(sheet.columns, [confirmSchedule], today, earlyAgreed)
      : null;
  const selectedRow = selected && sheet ? sheet.rows[selected.row] : undefined;
  const selectedCell = selected && selectedRow ? selectedRow.cells[selected.column] : undefined;

  return (
    <Screen title={<Trans>Attendance</Trans>}>
      <ClassCascade classId={classId} onChooseClass={onChooseClass} />

      {!classId && <EmptyState title={t`Choose a class to enter its attendance.`} />}
      {classId && loaded === null && <ClassNotOnDevice classId={classId} />}
      {loaded && sheet && (
        <SubjectOnDevice
          subjectId={loaded.subjectClass.subjectId}
          role={actor.role}
          online={online}
          shown={ATTENDANCE_SHEET_SHOWN}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600">
              {sheet.editable ? (
                <Trans>
                  Keys 1–4 enter present, late, unexplained absence, absent; Delete clears; arrows move.
                </Trans>
              ) : (
                <Trans>This class is not assigned to you: its attendance is read-only.</Trans>
              )}
            </p>
            {onExport && (
              <Button variant="secondary" size="sm" onClick={() => onExport(loaded)}>
                <Trans>Export to Excel</Trans>
              </Button>
            )}
          </div>
          <ClassRosterNotices rows={sheet.rows.length} awaitingStudents={sheet.awaitingNames} />
          {scheduleId && (
            <SittingRoll
              sheet={sheet}
              scheduleId={scheduleId}
              onStatus={(row, cell, status) => void write([{ row, cell }], { status })}
            />
          )}
          {sheet.rows.length > 0 && (
            <AttendanceGrid
              sheet={sheet}
              selected={selected}
              onSelect={(at) => setSelectedAt({ classId, ...at })}
              onStatus={(row, cell, status) => void write([{ row, cell }], { status })}
              onMarkAllPresent={setConfirmSchedule}
              exchange={{ online, onOpen: setExchangeFor }}
              {...(canCall(actor.role, 'GET /api/attendance/history/:scheduleId')
                ? { onHistory: setHistoryOf }
                : {})}
            />
          )}
          {sheet.editable && !online && (
            <p className="text-sm text-amber-900">
              <Trans>
                Exchange attendance needs a connection to the server: it is available again online.
              </Trans>
            </p>
          )}
          <ExchangeDialog
            student={exchangeFor}
            subjectId={loaded.subjectClass.subjectId}
            columns={sheet.columns}
            online={online}
            onClose={() => setExchangeFor(null)}
            onExchanged={onExchanged}
          />
          <SittingHistoryDialog
            column={historyOf}
            studentNames={new Map(sheet.rows.map((row) => [row.classStudentId, row.name]))}
            online={online}
            onClose={() => setHistoryOf(null)}
          />
          {selectedRow && selectedCell && (
            <CellEditor
              key={selectedCell.id}
              name={selectedRow.name}
              cell={selectedCell}
              editable={sheet.editable}
              statusOptions={STATUS_ORDER.map((status) => ({
                value: String(status),
                label: i18n._(STATUS_LABELS[status]),
              }))}
              onSave={(patch) => void write([{ row: selectedRow, cell: selectedCell }], patch)}
            />
          )}
        </SubjectOnDevice>
      )}
      <ConfirmDialog
        open={askEarly !== null}
        title={t`This sitting is on ${askEarly ? formatDate(askEarly.day, locale) : ''} — mark anyway?`}
        description={t`It has not been held yet. You are asked once for each sitting.`}
        confirmLabel={t`Mark anyway`}
        onCancel={() => setAskEarly(null)}
        onConfirm={() => {
          if (!askEarly) return;
          setEarlyAgreed((agreed) => new Set(agreed).add(askEarly.scheduleId));
          setAskEarly(null);
          askEarly.mark();
        }}
      />
      <ConfirmDialog
        open={confirmSchedule !== null}
        title={t`Mark every student present?`}
        description={
          <>
            {markAllEarly && (
              <>{t`This sitting is on ${formatDate(markAllEarly.day, locale)} and has not been held yet.`} </>
            )}
            {t`Every student of this schedule is marked present, replacing what was entered.`}
          </>
        }
        onCancel={() => setConfirmSchedule(null)}
        onConfirm={() => {
          const scheduleId = confirmSchedule;
          setConfirmSchedule(null);
          if (!sheet || !scheduleId) return;
          const targets = sheet.rows.flatMap((row) =>
            row.cells.filter((cell) => cell.scheduleId === scheduleId).map((cell) => ({ row, cell })),
          );
          // This question already named the sitting's day: it counts as the one question about marking early.
          if (markAllEarly) setEarlyAgreed((agreed) => new Set(agreed).add(scheduleId));
          void store(targets, { status: AttendanceStatus.present });
        }}
      />
    </Screen>
  );
}

type CellTexts = { absenceReasons: string; comment: string };
const textsOfCell = (cell: SheetCell): CellTexts => ({
  absenceReasons: cell.absenceReasons ?? '',
  comment: cell.comment ?? '',
});

/** The editor of the selected cell: status, absence reasons and comment. */
function CellEditor({
  name,
  cell,
  editable,
  statusOptions,
  onSave,
}: {
  name: string;
  cell: SheetCell;
  editable: boolean;
  statusOptions: { value: string; label: string }[];
  onSave: (patch: MarkPatch) => void;
}) {
  const { t } = useLingui();
  // The cell as it is now: a mark synced in while the teacher types shows as changed meanwhile (useLiveForm).
  const form = useLiveForm(cell, textsOfCell);
  const { absenceReasons, comment } = form.values ?? textsOfCell(cell);
  const set = (patch: Partial<CellTexts>) => form.setValues((current) => ({ ...current, ...patch }));
  return (
    <form
      aria-label={t`Selected cell`}
      className="grid grid-cols-1 gap-3 rounded border border-slate-200 p-3 sm:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ absenceReasons, comment });
      }}
    >
      <p className="font-medium sm:col-span-4">{name}</p>
      <div className="sm:col-span-4">
        <ChangedMeanwhileNote form={form} />
      </div>
      <SelectField
        label={t`Status`}
        value={cell.status === null ? '' : String(cell.status)}
        placeholder={t`Not entered`}
        options={statusOptions}
        disabled={!editable}
        onChange={(event) =>
          onSave({
            status: attendanceStatusSchema
              .nullable()
              .catch(null)
              .parse(event.target.value === '' ? null : Number(event.target.value)),
          })
        }
      />
      <TextField
        label={t`Absence reasons`}
        value={absenceReasons}
        readOnly={!editable}
        onChange={(event) => set({ absenceReasons: event.target.value })}
      />
      <TextField
        label={t`Comment`}
        value={comment}
        readOnly={!editable}
        onChange={(event) => set({ comment: event.target.value })}
      />
      {editable && (
        <div className="flex items-end">
          <Button type="submit">{t`Save`}</Button>
        </div>
      )}
    </form>
  );
}
