import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../../app/toasts';
import { SubjectForm } from '../../../../features/subjects/subject-form';

export const Route = createFileRoute('/_app/academic/subjects/add')({ component: AddSubjectRoute });

function AddSubjectRoute() {
  const { t } = useLingui();
  const navigate = Route.useNavigate();
  // SPEC §2: a created subject goes back to the list.
  const toList = () => void navigate({ to: '/academic/subjects' });
  return (
    <section aria-labelledby="subject-add-title" className="flex flex-col gap-4">
      <h1 id="subject-add-title" className="text-2xl font-semibold">
        <Trans>Add subject</Trans>
      </h1>
      <SubjectForm
        subject={null}
        onSaved={() => {
          appToasts.show({ title: t`Subject created`, tone: 'success' });
          toList();
        }}
        onCancel={toList}
      />
    </section>
  );
}
