import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { PublishState } from '../../../domain/lessons';
import type { Subject } from '../../../domain/schemas/subjects';
import type { CallResult } from '../../api/call-api';
import { errorMessage } from '../../i18n/error-messages';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { publishSubject } from './subject-calls';

/** The registration call; tests hand in their own. */
export type PublishSubjectCall = (subjectId: string) => Promise<CallResult<unknown>>;

/**
 * "Register subject" on a draft subject (a copy saved temporarily), for admins: registering later does what
 * the copy's register does, so the confirm says that students will see the subject and that its draft
 * lessons and exams are published with it. The outcome is a toast; on success the screen reads it again.
 */
export function PublishSubjectButton({
  subject,
  notify,
  onPublished,
  publish = publishSubject,
}: {
  subject: Subject;
  notify: (text: string, ok: boolean) => void;
  onPublished: () => void;
  publish?: PublishSubjectCall;
}) {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const drafts = subject.lessons.filter((lesson) => lesson.publish === PublishState.draft).length;

  const register = async () => {
    setAsking(false);
    setSending(true);
    const answer = await publish(subject.id);
    setSending(false);
    if (!answer.ok) {
      notify(errorMessage(i18n, answer.failure.code), false);
      return;
    }
    notify(t`Subject registered`, true);
    onPublished();
  };

  return (
    <>
      <Button onClick={() => setAsking(true)} disabled={sending}>
        <Trans>Register subject</Trans>
      </Button>
      <ConfirmDialog
        open={asking}
        title={t`Register this subject?`}
        description={
          drafts === 0 ? (
            <Trans>Students will see this subject from now on.</Trans>
          ) : (
            <Plural
              value={drafts}
              one="Students will see this subject from now on, and its # draft lesson or exam is published with it."
              other="Students will see this subject from now on, and its # draft lessons and exams are published with it."
            />
          )
        }
        confirmLabel={t`Register`}
        onConfirm={() => void register()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
