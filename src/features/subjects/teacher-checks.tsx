import { Trans } from '@lingui/react/macro';
import { CheckboxField } from '../../ui/checkbox-field';

/** The teachers of a class or a sitting as check boxes, with the field's error under them. */
export function TeacherChecks({
  teachers,
  chosen,
  onChange,
  error,
}: {
  teachers: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange: (teacherIds: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">
        <Trans>Teachers</Trans>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {teachers.map((teacher) => (
          <CheckboxField
            key={teacher.id}
            label={teacher.name}
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
