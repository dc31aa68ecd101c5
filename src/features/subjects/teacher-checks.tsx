import { Trans, useLingui } from '@lingui/react/macro';
import { teacherActiveOn } from '../../../domain/validation';
import { CheckboxField } from '../../ui/checkbox-field';
import { personLabels } from '../shared/distinct-options';

/**
 * A teacher as a picker offers them: name and the day they retire, if any, with what tells namesakes apart (the
 * e-mail a staff viewer's device holds, the kana reading).
 */
export type PickableTeacher = {
  id: string;
  name: string;
  retireAt: string | null;
  email?: string | null;
  nameKana?: string | null;
};

/** Whether the teacher still teaches on `day` (not retired on or before it, SPEC §5). */
function teachesOn(teacher: PickableTeacher, day: string): boolean {
  return teacherActiveOn({ id: teacher.id, deactive: { retire_at: teacher.retireAt } }, day);
}

/**
 * The teachers of a class or a sitting as check boxes, with the field's error under them. Only teachers who
 * still teach on `day` are offered (the server refuses the others with `teacher_retired`); one already chosen
 * stays listed, marked retired, so it can be seen and taken off.
 */
export function TeacherChecks({
  teachers,
  chosen,
  day,
  onChange,
  error,
}: {
  teachers: readonly PickableTeacher[];
  chosen: readonly string[];
  /** The ISO day the teachers teach on: the sitting's day, or the first day of the class's subject. */
  day: string;
  onChange: (teacherIds: string[]) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const offered = teachers.filter((teacher) => chosen.includes(teacher.id) || teachesOn(teacher, day));
  // Teachers of one name ("林 葵" three times) read apart by the shared rule for people.
  const names = personLabels(offered);
  const labelOf = (teacher: PickableTeacher) => {
    const name = names.get(teacher.id) ?? teacher.name;
    return teachesOn(teacher, day) ? name : t`${name} (retired)`;
  };
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">
        <Trans>Teachers</Trans>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {offered.map((teacher) => (
          <CheckboxField
            key={teacher.id}
            label={labelOf(teacher)}
            checked={chosen.includes(teacher.id)}
            onCheckedChange={(checked) =>
              onChange(checked ? [...chosen, teacher.id] : chosen.filter((id) => id !== teacher.id))
            }
          />
        ))}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
