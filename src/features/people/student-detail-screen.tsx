import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { ErrorCode } from '../../../domain/errors';
import type { Student } from '../../../domain/schemas/people';
import { studentRequests$ } from '../../db/queries/requests';
import { useLiveQuery } from '../../db/use-live-query';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate, formatDecimal } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { REQUEST_STATUS_LABELS } from '../../i18n/request-status-labels';
import { Button } from '../../ui/button';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { EmptyState } from '../../ui/empty-state';
import { SaveOrCancel } from '../../ui/save-or-cancel';
import { SelectField } from '../../ui/select-field';
import { useLiveForm } from '../../ui/use-live-form';
import { useStudentRecord } from '../shared/student-record';
import { useFormCall } from '../shared/use-form-call';
import { GuardiansPanel } from './guardians-panel';
import {
  deleteStudent,
  putStudentInClass,
  saveStudent,
  useStudent,
  useStudentFilterData,
} from './people-calls';
import { PersonDetailFrame, PersonFacts } from './person-detail';
import { SignInMethodsPanel } from './sign-in-methods-panel';
import { type Notify, ViewNotices } from './staff-parts';
import { checkStudentForm, StudentFields, type StudentFormValues, studentFormValues } from './student-form';

/**
 * `/students/{id}` (staff but 3): the student's details, edit and delete (teachers and admins; delete admins
 * only), their guardians (admins, issue 43), their attendance and achievement across subjects, the requests they filed, and putting them in a
 * class. A 403 shows the server's message and goes to `/`; a 404 goes to `/not-found` (SPEC §2, §8). One
 * column on a phone.
 */
export function StudentDetailScreen({
  studentId,
  canEdit,
  canDelete,
  canLinkGuardians,
  accessPanel,
  onForbidden,
  onNotFound,
  onDeleted,
  notify,
}: {
  studentId: string;
  canEdit: boolean;
  canDelete: boolean;
  /** Whether the guardians panel shows (admins, issue 43). */
  canLinkGuardians: boolean;
  /** The access log and the record download (admins, issue 46), or nothing. */
  accessPanel?: ReactNode;
  onForbidden: () => void;
  onNotFound: () => void;
  onDeleted: () => void;
  notify: Notify;
}) {
  const { t } = useLingui();
  const view = useStudent(studentId);
  const [editing, setEditing] = useState(false);
  // Putting the student in a class changes their record below: it is read again.
  const [recordRound, setRecordRound] = useState(0);

  if (view.failure === ErrorCode.forbidden) {
    queueMicrotask(onForbidden);
    return null;
  }
  if (view.failure === ErrorCode.notFound) {
    queueMicrotask(onNotFound);
    return null;
  }
  const student = view.value;

  return (
    <PersonDetailFrame
      name={student?.name}
      title={<Trans>Student</Trans>}
      view={view}
      canEdit={canEdit}
      canDelete={canDelete}
      editing={editing}
      onEdit={() => setEditing(true)}
      deletion={{
        call: () => deleteStudent(studentId),
        description: t`A student with attendance, scores or requests is kept in history and reports, and leaves the lists, the classes and sign-in.`,
        done: t`The student was deleted.`,
      }}
      notify={notify}
      onDeleted={onDeleted}
    >
      {student && editing && (
        <StudentEdit
          student={student}
          onDone={(saved) => {
            setEditing(false);
            if (saved) {
              notify({ tone: 'success', title: t`The student was updated.` });
              view.reload();
            }
          }}
          notify={notify}
        />
      )}
      {student && !editing && <StudentFacts student={student} />}
      {student && canEdit && (
        <PutInClass student={student} notify={notify} onPut={() => setRecordRound((round) => round + 1)} />
      )}
      {student && canLinkGuardians && <GuardiansPanel studentId={studentId} notify={notify} />}
      {student && <StudentRecord studentId={studentId} round={recordRound} />}
      {student && <StudentRequests studentId={studentId} />}
      {student && accessPanel}
      <SignInMethodsPanel userId={studentId} />
    </PersonDetailFrame>
  );
}

function StudentFacts({ student }: { student: Student }) {
  const { t } = useLingui();
  const facts: [string, string][] = [
    [t`Student number`, student.identity],
    [t`Name (kana)`, student.name_kana ?? ''],
    [t`Email`, student.email],
    [t`Phone`, student.phone ?? ''],
    [t`University`, student.university.name],
    [t`Faculty`, student.faculty?.name ?? ''],
    [t`Year code`, student.year_code?.name ?? ''],
    [t`JLPT`, student.jlpt ? `N${student.jlpt}` : ''],
    [t`Scholarship`, student.scholarship ? t`Yes` : t`No`],
  ];
  return <PersonFacts facts={facts} className="sm:grid-cols-3" />;
}

function StudentEdit({
  student,
  onDone,
  notify,
}: {
  student: Student;
  onDone: (saved: boolean) => void;
  notify: Notify;
}) {
  // The student as last read: a new read never replaces what the admin typed (useLiveForm).
  const form = useLiveForm<Student, StudentFormValues>(student, studentFormValues);
  const values = form.values ?? studentFormValues(student);
  const setValues = form.setValues;
  const { errors, busy, onSubmit } = useFormCall({
    check: () => checkStudentForm(values),
    send: (body) => saveStudent(student.id, body),
    notify,
    onSent: () => onDone(true),
  });
  return (
    <form className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4" onSubmit={onSubmit}>
      <ChangedMeanwhileNote form={form} />
      <StudentFields
        values={values}
        errors={errors}
        onChange={(patch) => setValues({ ...values, ...patch })}
      />
      <SaveOrCancel busy={busy} onCancel={() => onDone(false)} />
    </form>
  );
}

/** Puts the student in a class of their faculty and year code (SPEC §7 `POST /api/students/{id}/lesson`). */
function PutInClass({ student, notify, onPut }: { student: Student; notify: Notify; onPut: () => void }) {
  const { t, i18n } = useLingui();
  const choices = useStudentFilterData(student.year_code?.id, student.faculty?.id).value;
  const [classId, setClassId] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const answer = await putStudentInClass(student.id, classId);
    setBusy(false);
    if (!answer.ok) {
      notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
      return;
    }
    notify({ tone: 'success', title: t`The student was assigned to the class.` });
    setClassId('');
    onPut();
  };
  const subjects = new Map((choices?.subjects ?? []).map((subject) => [subject.id, subject.name]));
  return (
    <form
      aria-label={t`Put in a class`}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="min-w-56">
        <SelectField
          label={t`Class`}
          placeholder={t`Choose a class`}
          options={(choices?.classes ?? []).map((row) => ({ value: row.id, label: row.name }))}
          value={classId}
          onChange={(event) => setClassId(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={classId === ''} busy={busy}>
        <Trans>Put in class</Trans>
      </Button>
      {subjects.size === 0 && choices && (
        <p className="text-sm text-slate-600">
          <Trans>No classes of this faculty and year code.</Trans>
        </p>
      )}
    </form>
  );
}

/** Attendance and achievement across subjects (`GET /api/students/{id}/achievement-attendance`). */
function StudentRecord({ studentId, round }: { studentId: string; round: number }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const record = useStudentRecord(studentId, round);
  return (
    <section aria-labelledby="record-title" className="flex flex-col gap-2">
      <h2 id="record-title" className="text-lg font-medium">
        <Trans>Attendance and achievement</Trans>
      </h2>
      <ViewNotices view={record} />
      {record.value?.subjects.length === 0 && <EmptyState title={t`Not in any class yet.`} />}
      {record.value && record.value.subjects.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{t`Attendance and achievement by subject`}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="px-2">{t`Subject`}</th>
                <th scope="col" className="px-2">{t`Class`}</th>
                <th scope="col" className="px-2 text-right">{t`Present`}</th>
                <th scope="col" className="px-2 text-right">{t`Late`}</th>
                <th scope="col" className="px-2 text-right">{t`Unexplained absence`}</th>
                <th scope="col" className="px-2 text-right">{t`GPA`}</th>
              </tr>
            </thead>
            <tbody>
              {record.value.subjects.map((row) => {
                // Over the held sittings of the class, as the attendance report and the report card count.
                const counts = row.tally;
                return (
                  <tr key={row.subject.id}>
                    <th scope="row" className="px-2 text-left font-normal">
                      {row.subject.name}
                    </th>
                    <td className="px-2">{row.class.name}</td>
                    <td className="px-2 text-right tabular-nums">{counts.present}</td>
                    <td className="px-2 text-right tabular-nums">{counts.late}</td>
                    <td className="px-2 text-right tabular-nums">{counts.unexplainedAbsence}</td>
                    <td className="px-2 text-right tabular-nums">
                      {row.achievement.gpa === null ? '—' : formatDecimal(row.achievement.gpa, locale)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The requests the student filed, as this device holds them (the `requests` collection). */
function StudentRequests({ studentId }: { studentId: string }) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const requests = useLiveQuery((database) => studentRequests$(database, studentId), [studentId]);
  return (
    <section aria-labelledby="requests-title" className="flex flex-col gap-2">
      <h2 id="requests-title" className="text-lg font-medium">
        <Trans>Requests</Trans>
      </h2>
      {requests?.length === 0 && <EmptyState title={t`No requests.`} />}
      <ul className="flex flex-col gap-1 text-sm">
        {requests?.map((request) => (
          <li key={request.id} className="flex flex-wrap gap-2">
            <span className="tabular-nums">{formatDate(request.createdAt, locale, 'dateTime')}</span>
            <span>{i18n._(REQUEST_STATUS_LABELS[request.status])}</span>
            <span className="min-w-0 break-words text-slate-600">{request.content}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
