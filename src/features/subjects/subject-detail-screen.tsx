import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ErrorCode } from '../../../domain/errors';
import { LessonType, PublishState } from '../../../domain/lessons';
import { MasterKind } from '../../../domain/master-kind';
import { mayWriteFormula } from '../../../domain/permissions';
import { Role } from '../../../domain/roles';
import type { Lesson } from '../../../domain/schemas/lessons';
import type { Subject } from '../../../domain/schemas/subjects';
import { studentsOf$ } from '../../db/queries/people';
import { subject$ } from '../../db/queries/subjects';
import { useLiveQuery } from '../../db/use-live-query';
import { useMasterDocs } from '../../db/use-master-docs';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type Column, DataTable } from '../../ui/data-table';
import { SafeHtml } from '../../ui/safe-html';
import { SelectField } from '../../ui/select-field';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { AssistLessonsTab } from './assist-lessons-tab';
import { BulkRoster } from './bulk-roster';
import { FormulaEditor } from './formula-editor';
import { HighlightsTab } from './highlights-tab';
import { PublishSubjectButton } from './publish-subject-button';
import {
  addStudentsToClasses,
  deleteSubject,
  setRegistration,
  useStudentsWithGpa,
  useSubject,
  useSubjectLessons,
  useSubjectNotes,
} from './subject-calls';
import { SubjectForm } from './subject-form';
import type { SubjectTab } from './subject-tabs';

/** What the subject screen reports to the app: a toast, and where to go. */
export interface SubjectScreenActions {
  notify: (text: string, ok: boolean) => void;
  onTab: (tab: SubjectTab) => void;
  onOpenLesson: (lessonId: string) => void;
  onAddLesson: (exam: boolean) => void;
  onCopy: () => void;
  onDeleted: () => void;
  /** A 403 on a read of the screen: the server's message, then `/` (SPEC §8). */
  onForbidden: () => void;
}

/**
 * `/academic/subjects/{id}`: the subject with tabs for its classes (students, registration, adding students),
 * lessons, drafts, exams, notes, the final-score formula, students with GPA and, for admins, edit and delete,
 * and registering a draft subject (a copy saved temporarily).
 */
export function SubjectDetailScreen({
  subjectId,
  tab,
  role,
  actions,
}: {
  subjectId: string;
  tab: SubjectTab;
  role: number;
  actions: SubjectScreenActions;
}) {
  const { t, i18n } = useLingui();
  const view = useSubject(subjectId);
  // Whether teachers may set final scores, from the synced subject: the formula tab is read-only without it.
  const localSubject = useLiveQuery((database) => subject$(database, subjectId), [subjectId]);
  const [round, setRound] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const staff = role === Role.teacher || role === Role.admin || role === Role.observer;
  const writer = role === Role.teacher || role === Role.admin;
  const admin = role === Role.admin;
  const subject = view.value;
  if (!subject) {
    if (view.failure) return <p role="alert">{errorMessage(i18n, view.failure)}</p>;
    return <Spinner label={t`Loading`} />;
  }
  const reload = () => {
    view.reload();
    setRound((n) => n + 1);
  };

  const remove = async () => {
    setConfirmDelete(false);
    const answer = await deleteSubject(subjectId);
    if (answer.ok) {
      actions.notify(t`Subject deleted`, true);
      actions.onDeleted();
    } else actions.notify(errorMessage(i18n, answer.failure.code), false);
  };

  /** A list of the subject's lessons: published lessons, published exams, or drafts of both (`type` null). */
  const lessonsTab = (publish: PublishState, type: LessonType | null) => (
    <LessonsTab
      subjectId={subjectId}
      publish={publish}
      type={type}
      round={round}
      onOpen={actions.onOpenLesson}
    />
  );
  const items = [
    {
      value: 'classes',
      label: t`Classes`,
      content: <ClassesTab subject={subject} role={role} notify={actions.notify} reload={reload} />,
    },
    {
      value: 'lessons',
      label: t`Lessons`,
      content: lessonsTab(PublishState.published, LessonType.lesson),
    },
    ...(staff
      ? [
          {
            value: 'drafts',
            label: t`Drafts`,
            content: lessonsTab(PublishState.draft, null),
          },
        ]
      : []),
    {
      value: 'exams',
      label: t`Exams`,
      content: lessonsTab(PublishState.published, LessonType.exam),
    },
    ...(staff
      ? [
          {
            value: 'notes',
            label: t`Notes`,
            content: <NotesTab subjectId={subjectId} onForbidden={actions.onForbidden} />,
          },
          {
            value: 'highlights',
            label: t`Highlights`,
            content: <HighlightsTab subjectId={subjectId} canEdit={writer} notify={actions.notify} />,
          },
          {
            value: 'assist',
            label: t`Assist lessons`,
            content: <AssistLessonsTab subjectId={subjectId} canEdit={writer} notify={actions.notify} />,
          },
          {
            value: 'formula',
            label: t`Formula`,
            content: (
              <FormulaEditor
                subjectId={subjectId}
                canEdit={mayWriteFormula(role, localSubject?.teacherAllowUpdateFinalScore ?? false)}
                notify={actions.notify}
              />
            ),
          },
          { value: 'students', label: t`Students`, content: <GpaTab subjectId={subjectId} /> },
        ]
      : []),
    ...(admin
      ? [
          {
            value: 'edit',
            label: t`Edit`,
            content: (
              <SubjectForm
                subject={subject}
                onSaved={() => {
                  actions.notify(t`Subject updated`, true);
                  reload();
                  actions.onTab('classes');
                }}
                onCancel={() => actions.onTab('classes')}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="subject-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 id="subject-title" className="text-2xl font-semibold">
            {subject.name}
            {subject.publish === PublishState.draft && (
              <span className="ml-2 rounded bg-amber-100 px-1 text-sm text-amber-900">
                <Trans>Draft</Trans>
              </span>
            )}
          </h1>
          <p className="text-sm text-slate-600">
            {subject.university.name} · {subject.faculty?.name} · {subject.year_code?.name} ·{' '}
            {subject.start_date} – {subject.end_date}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {writer && (
            <>
              <Button variant="secondary" onClick={() => actions.onAddLesson(false)}>
                <Trans>Add lesson</Trans>
              </Button>
              <Button variant="secondary" onClick={() => actions.onAddLesson(true)}>
                <Trans>Add exam</Trans>
              </Button>
            </>
          )}
          {admin && (
            <>
              {subject.publish === PublishState.draft && (
                <PublishSubjectButton subject={subject} notify={actions.notify} onPublished={reload} />
              )}
              <Button variant="secondary" onClick={actions.onCopy}>
                <Trans>Copy subject</Trans>
              </Button>
              <Button variant="danger" onClick={() => setConfirmDelete(true)}>
                <Trans>Delete subject</Trans>
              </Button>
            </>
          )}
        </div>
      </div>
      <Tabs
        label={t`Subject sections`}
        items={items}
        value={items.some((item) => item.value === tab) ? tab : 'classes'}
        onValueChange={(value) => actions.onTab(value as SubjectTab)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t`Delete this subject?`}
        description={t`Its classes, lessons and sittings are removed. A subject with recorded attendance or scores is kept.`}
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </section>
  );
}

function ClassesTab({
  subject,
  role,
  notify,
  reload,
}: {
  subject: Subject;
  role: number;
  notify: (text: string, ok: boolean) => void;
  reload: () => void;
}) {
  const { t, i18n } = useLingui();
  const students =
    useLiveQuery((database) => studentsOf$(database, subject.university.id), [subject.university.id]) ?? [];
  const [classId, setClassId] = useState('');
  const [studentId, setStudentId] = useState('');
  const isStudent = role === Role.student;
  const writer = role === Role.teacher || role === Role.admin;
  const mySeat = subject.class_with_students.find((row) => row.students.length > 0);

  const register = async (id: string, on: boolean) => {
    const answer = await setRegistration(subject.id, id, on);
    if (answer.ok) {
      notify(on ? t`Class registered` : t`Class registration cancelled`, true);
      reload();
    } else notify(errorMessage(i18n, answer.failure.code), false);
  };

  const yearCodes = useMasterDocs(MasterKind.yearCodes).rows;
  const addMany = async (toClass: string, studentIds: string[]) => {
    const answer = await addStudentsToClasses(subject.id, {
      subjectId: subject.id,
      classes: [{ class_id: toClass, student_ids: studentIds }],
    });
    if (answer.ok) {
      notify(t`${studentIds.length} students added to the class`, true);
      reload();
    } else notify(errorMessage(i18n, answer.failure.code), false);
    return answer.ok;
  };

  const add = async () => {
    if (!classId || !studentId) return;
    const answer = await addStudentsToClasses(subject.id, {
      subjectId: subject.id,
      classes: [{ class_id: classId, student_ids: [studentId] }],
    });
    if (answer.ok) {
      notify(t`Student assigned`, true);
      setStudentId('');
      reload();
    } else notify(errorMessage(i18n, answer.failure.code), false);
  };

  return (
    <div className="flex flex-col gap-4 pt-4">
      {subject.class_with_students.map((row) => (
        <article key={row.id} aria-label={row.name} className="rounded border border-slate-200 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">{row.name}</h2>
            {isStudent &&
              (mySeat?.id === row.id ? (
                <Button variant="secondary" size="sm" onClick={() => void register(row.id, false)}>
                  <Trans>Cancel registration</Trans>
                </Button>
              ) : (
                !mySeat && (
                  <Button size="sm" onClick={() => void register(row.id, true)}>
                    <Trans>Register</Trans>
                  </Button>
                )
              ))}
          </div>
          <p className="text-sm text-slate-600">
            <Trans>Teachers:</Trans> {row.teachers.map((teacher) => teacher.name).join(', ') || '—'}
          </p>
          <ul className="mt-2 flex flex-col text-sm">
            {row.students.map((student) => (
              <li key={student.id}>
                {student.identity} {student.name}
              </li>
            ))}
          </ul>
        </article>
      ))}
      {writer && (
        <div className="grid gap-2 sm:grid-cols-3 sm:items-end">
          <SelectField
            label={t`Class`}
            placeholder={t`Choose`}
            options={subject.class_with_students.map((row) => ({ value: row.id, label: row.name }))}
            value={classId}
            onChange={(event) => setClassId(event.target.value)}
          />
          <SelectField
            label={t`Student`}
            placeholder={t`Choose`}
            options={students.map((student) => ({
              value: student.studentId ?? '',
              label: `${student.identity ?? ''} ${student.name}`,
            }))}
            value={studentId}
            onChange={(event) => setStudentId(event.target.value)}
          />
          <Button onClick={() => void add()} disabled={!classId || !studentId}>
            <Trans>Add student to class</Trans>
          </Button>
        </div>
      )}
      {writer && (
        <BulkRoster
          classes={subject.class_with_students.map((row) => ({ value: row.id, label: row.name }))}
          candidates={students.flatMap((student) =>
            student.studentId
              ? [
                  {
                    studentId: student.studentId,
                    identity: student.identity,
                    name: student.name,
                    yearCodeId: student.yearCodeId,
                  },
                ]
              : [],
          )}
          seatedIds={
            new Set(subject.class_with_students.flatMap((row) => row.students.map((seat) => seat.id)))
          }
          yearCodes={yearCodes
            .filter((row) => row.universityId === subject.university.id)
            .map((row) => ({ value: row.id, label: row.name }))}
          defaultYearCodeId={subject.year_code?.id ?? ''}
          onAdd={addMany}
        />
      )}
    </div>
  );
}

function LessonsTab({
  subjectId,
  publish,
  type,
  round,
  onOpen,
}: {
  subjectId: string;
  publish: PublishState;
  type: LessonType | null;
  round: number;
  onOpen: (lessonId: string) => void;
}) {
  const { t } = useLingui();
  const view = useSubjectLessons(subjectId, publish, round);
  const rows = (view.value?.lessons ?? []).filter((lesson) => type === null || lesson.type === type);
  const columns: Column<Lesson>[] = [
    {
      key: 'name',
      header: t`Name`,
      cell: (lesson) => (
        <button type="button" className="text-left text-blue-800 underline" onClick={() => onOpen(lesson.id)}>
          {lesson.name}
        </button>
      ),
    },
    {
      key: 'type',
      header: t`Kind`,
      cell: (lesson) => (lesson.type === LessonType.exam ? t`Exam` : t`Lesson`),
    },
    { key: 'minutes', header: t`Minutes`, numeric: true, cell: (lesson) => lesson.minutes ?? '' },
  ];
  return (
    <div className="pt-4">
      <DataTable
        caption={
          publish === PublishState.draft ? t`Drafts` : type === LessonType.exam ? t`Exams` : t`Lessons`
        }
        columns={columns}
        rows={rows}
        rowKey={(lesson) => lesson.id}
        loading={view.value === null && view.failure === null}
        emptyTitle={t`Nothing here yet`}
      />
    </div>
  );
}

function NotesTab({ subjectId, onForbidden }: { subjectId: string; onForbidden: () => void }) {
  const { t } = useLingui();
  const view = useSubjectNotes(subjectId);
  if (view.failure === ErrorCode.forbidden) {
    queueMicrotask(onForbidden);
    return null;
  }
  const notes = view.value?.notes ?? [];
  if (notes.length === 0) return <p className="pt-4 text-sm text-slate-600">{t`No notes`}</p>;
  return (
    <ul className="flex flex-col gap-2 pt-4">
      {notes.map((note) => (
        <li key={note.id} className="rounded border border-slate-200 p-2 text-sm">
          <SafeHtml html={note.content} className="break-words whitespace-pre-wrap" />
          <p className="text-xs text-slate-600">
            {note.author.name} · {note.created_at.slice(0, 10)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function GpaTab({ subjectId }: { subjectId: string }) {
  const { t } = useLingui();
  const view = useStudentsWithGpa(subjectId);
  type Row = NonNullable<typeof view.value>['students'][number];
  const columns: Column<Row>[] = [
    { key: 'identity', header: t`Student number`, cell: (row) => row.identity },
    { key: 'name', header: t`Name`, cell: (row) => row.name },
    {
      key: 'gpa',
      header: t`GPA`,
      numeric: true,
      cell: (row) => (row.gpa === null ? '—' : row.gpa.toFixed(2)),
    },
  ];
  return (
    <div className="pt-4">
      <DataTable
        caption={t`Students with GPA`}
        columns={columns}
        rows={view.value?.students ?? []}
        rowKey={(row) => row.id}
        loading={view.value === null && view.failure === null}
        emptyTitle={t`No students`}
      />
    </div>
  );
}
