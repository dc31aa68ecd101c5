import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { AttendanceSchedule } from '../../../domain/schemas/attendance';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorNote } from '../../ui/error-note';
import { SelectField } from '../../ui/select-field';
import type { SheetColumn } from './attendance-sheet';
import { applyExchange, listExchangeSchedules } from './exchange-calls';

/** The online calls the dialog makes; a test hands its own. */
export type ExchangeCalls = { list: typeof listExchangeSchedules; apply: typeof applyExchange };

const CALLS: ExchangeCalls = { list: listExchangeSchedules, apply: applyExchange };

/** The student whose attendance is exchanged. */
export type ExchangeTarget = { classStudentId: string; name: string };

/**
 * Exchange attendance (SPEC §7 `exchange-attendance`): the sittings of other classes of the subject the
 * student may attend instead, each moving the mark of this class's sitting of the same lesson there, and the
 * sittings the student was moved to already. Online only: the server decides and answers at once.
 */
export function ExchangeDialog({
  student,
  subjectId,
  columns,
  online,
  onClose,
  onExchanged,
  calls = CALLS,
}: {
  student: ExchangeTarget | null;
  subjectId: string;
  columns: readonly SheetColumn[];
  online: boolean;
  onClose: () => void;
  onExchanged: () => void;
  calls?: ExchangeCalls;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={student !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={student ? t`Exchange attendance: ${student.name}` : t`Exchange attendance`}
      description={t`Move this student’s mark to another class’s sitting of the same lesson.`}
    >
      {student && (
        <ExchangeLists
          key={student.classStudentId}
          classStudentId={student.classStudentId}
          subjectId={subjectId}
          columns={columns}
          online={online}
          onExchanged={onExchanged}
          calls={calls}
        />
      )}
    </Dialog>
  );
}

type Lists = { candidates: AttendanceSchedule[]; moved: AttendanceSchedule[] };

function ExchangeLists({
  classStudentId,
  subjectId,
  columns,
  online,
  onExchanged,
  calls,
}: {
  classStudentId: string;
  subjectId: string;
  columns: readonly SheetColumn[];
  online: boolean;
  onExchanged: () => void;
  calls: ExchangeCalls;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const [lists, setLists] = useState<Lists | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fromChoice, setFromChoice] = useState<Record<string, string>>({});

  // Keyed by the student, so an answer always belongs to the lists shown.
  const load = useCallback(async () => {
    const [candidates, moved] = await Promise.all([
      calls.list(classStudentId, 'candidates'),
      calls.list(classStudentId, 'moved'),
    ]);
    if (!candidates.ok) return setError(errorMessage(i18n, candidates.failure.code));
    if (!moved.ok) return setError(errorMessage(i18n, moved.failure.code));
    setLists({ candidates: candidates.value, moved: moved.value });
  }, [calls, classStudentId, i18n]);

  useEffect(() => {
    if (online) void load();
  }, [load, online]);

  const when = (schedule: { day: string; startTime: string; endTime: string }) =>
    `${formatDate(schedule.day, locale)} ${schedule.startTime}–${schedule.endTime}`;
  const sitting = (schedule: AttendanceSchedule) =>
    `${when({ day: schedule.day, startTime: schedule.start_time, endTime: schedule.end_time })} ${schedule.lesson.name}`;
  const sittingsOf = (lessonId: string) => columns.filter((column) => column.lessonId === lessonId);

  const move = async (candidate: AttendanceSchedule, fromScheduleId: string) => {
    setBusy(true);
    setError(null);
    const answer = await calls.apply(subjectId, {
      from_schedule_id: fromScheduleId,
      to_schedule_id: candidate.id,
      class_student_ids: [classStudentId],
    });
    setBusy(false);
    if (!answer.ok) {
      setError(errorMessage(i18n, answer.failure.code));
      return;
    }
    onExchanged();
    await load();
  };

  if (!online) {
    return (
      <p role="alert" className="text-sm text-amber-900">
        {t`Exchanging attendance needs a connection to the server. Try again when you are online.`}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {error && <ErrorNote>{error}</ErrorNote>}
      {!lists && !error && <p className="text-sm text-slate-600">{t`Loading…`}</p>}
      {lists && (
        <>
          <section aria-labelledby="exchange-candidates" className="space-y-2">
            <h3 id="exchange-candidates" className="font-medium">
              {t`Sittings of other classes to attend instead`}
            </h3>
            {lists.candidates.length === 0 ? (
              <p className="text-sm text-slate-600">{t`No other class holds a sitting this student can attend.`}</p>
            ) : (
              <ul aria-labelledby="exchange-candidates" className="space-y-2">
                {lists.candidates.map((candidate) => {
                  const own = sittingsOf(candidate.lesson.id);
                  const from = fromChoice[candidate.id] ?? own[0]?.id ?? '';
                  const label = sitting(candidate);
                  return (
                    <li key={candidate.id} className="space-y-1 rounded border border-slate-200 p-2 text-sm">
                      <p>{label}</p>
                      {own.length === 0 ? (
                        <p className="text-slate-600">{t`This class holds no sitting of this lesson.`}</p>
                      ) : (
                        <div className="flex flex-wrap items-end gap-2">
                          <SelectField
                            label={t`Instead of this class’s sitting`}
                            value={from}
                            options={own.map((column) => ({ value: column.id, label: when(column) }))}
                            onChange={(event) =>
                              setFromChoice((choices) => ({ ...choices, [candidate.id]: event.target.value }))
                            }
                          />
                          <Button
                            size="sm"
                            disabled={busy}
                            aria-label={t`Move to ${label}`}
                            onClick={() => void move(candidate, from)}
                          >
                            {t`Move here`}
                          </Button>
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <section aria-labelledby="exchange-moved" className="space-y-2">
            <h3 id="exchange-moved" className="font-medium">
              {t`Already moved to`}
            </h3>
            {lists.moved.length === 0 ? (
              <p className="text-sm text-slate-600">{t`Not moved to another class’s sitting yet.`}</p>
            ) : (
              <ul aria-labelledby="exchange-moved" className="list-disc space-y-1 pl-5 text-sm">
                {lists.moved.map((schedule) => (
                  <li key={schedule.id}>{sitting(schedule)}</li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
