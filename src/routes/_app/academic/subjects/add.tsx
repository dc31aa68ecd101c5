import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { appToasts } from '../../../../app/toasts';
import { SubjectForm } from '../../../../features/subjects/subject-form';
import { Screen } from '../../../../ui/screen';

export const Route = createFileRoute('/_app/academic/subjects/add')({ component: AddSubjectRoute });

function AddSubjectRoute() {
  const { t } = useLingui();
  const navigate = Route.useNavigate();
  // SPEC §2: a created subject goes back to the list.
  const toList = () => void navigate({ to: '/academic/subjects' });
  return (
    <Screen title={<Trans>Add subject</Trans>}>
      <SubjectForm
        subject={null}
        onSaved={() => {
          appToasts.show({ title: t`Subject created`, tone: 'success' });
          toList();
        }}
        onCancel={toList}
      />
    </Screen>
  );
}
