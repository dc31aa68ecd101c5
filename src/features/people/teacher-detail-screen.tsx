import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { ErrorCode } from '../../../domain/errors';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { EmptyState } from '../../ui/empty-state';
import { deleteTeacher, saveTeacher, useTeacher } from './people-calls';
import { PersonDetailFrame, PersonFacts } from './person-detail';
import { SignInMethodsPanel } from './sign-in-methods-panel';
import { StaffEditForm } from './staff-edit-form';
import { type Notify, useUniversityNames } from './staff-parts';

/** `/teachers/{id}` (staff but 3): the teacher and the subjects they teach; admins edit and delete. */
export function TeacherDetailScreen({
  teacherId,
  accessPanel,
  canEdit,
  onNotFound,
  onDeleted,
  notify,
}: {
  teacherId: string;
  /** The admin's view of the student records this person read (issue 46), composed by the route. */
  accessPanel?: ReactNode;
  canEdit: boolean;
  onNotFound: () => void;
  onDeleted: () => void;
  notify: Notify;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const view = useTeacher(teacherId);
  const universityNames = useUniversityNames();
  const [editing, setEditing] = useState(false);
  if (view.failure === ErrorCode.notFound) {
    queueMicrotask(onNotFound);
    return null;
  }
  const teacher = view.value;
  return (
    <PersonDetailFrame
      name={teacher?.name}
      title={<Trans>Teacher</Trans>}
      view={view}
      canEdit={canEdit}
      canDelete={canEdit}
      editing={editing}
      onEdit={() => setEditing(true)}
      deletion={{
        call: () => deleteTeacher(teacherId),
        description: t`A teacher who taught is kept in history and leaves the lists and sign-in.`,
        done: t`The teacher was deleted.`,
      }}
      notify={notify}
      onDeleted={onDeleted}
    >
      {teacher && editing && (
        <StaffEditForm
          initial={{
            name: teacher.name,
            university_ids: teacher.university_ids,
            retire_at: teacher.deactive?.retire_at?.slice(0, 10) ?? null,
          }}
          withRetireDate
          save={(edit) => saveTeacher(teacherId, edit)}
          onDone={(saved) => {
            setEditing(false);
            if (saved) {
              notify({ tone: 'success', title: t`The teacher was updated.` });
              view.reload();
            }
          }}
        />
      )}
      {teacher && !editing && (
        <PersonFacts
          facts={[
            [t`Email`, teacher.email],
            [t`Universities`, universityNames(teacher.university_ids)],
            [t`Retires`, teacher.deactive?.retire_at ? formatDate(teacher.deactive.retire_at, locale) : ''],
          ]}
          className="sm:grid-cols-3"
        />
      )}
      {teacher && (
        <section aria-labelledby="taught-title" className="flex flex-col gap-2">
          <h2 id="taught-title" className="text-lg font-medium">
            <Trans>Subjects taught</Trans>
          </h2>
          {teacher.subjects.length === 0 && <EmptyState title={t`No subjects yet.`} />}
          <ul className="list-disc pl-5 text-sm">
            {teacher.subjects.map((subject) => (
              <li key={subject.id}>{subject.name}</li>
            ))}
          </ul>
        </section>
      )}
      <SignInMethodsPanel userId={teacherId} />
      {accessPanel}
    </PersonDetailFrame>
  );
}
