import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { mayCancelRequest } from '../../../domain/permissions';
import { RequestStatus } from '../../../domain/request-status';
import { AcceptReason } from '../../../domain/requests';
import { type AccountRole, Role } from '../../../domain/roles';
import { newRequestDoc, type Request } from '../../../domain/schemas/requests';
import { errorMessage } from '../../i18n/error-messages';
import { formatDate } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { TextAreaField } from '../../ui/text-field';
import { decideRequest, fetchRequest } from './request-calls';
import { OPTION_LABELS, STATUS_LABELS } from './request-labels';
import { isAboutSitting, type RequestRow } from './request-list';
import { RequestStatusBadge } from './request-status-badge';
import { RequestAbout } from './requests-screen';
import { useRequestRows } from './use-requests';

/** What a decision tells the screen: a success or a refusal to toast. */
export type RequestNotice = { tone: 'success' | 'error'; title: string };

/**
 * A request read from the server (not on this device yet) in the shape the screens show. Its document starts as
 * `newRequestDoc` makes one from what was asked, so a field added to the document is started in that one place,
 * and then takes what the server says has happened to it since.
 */
function rowOf(request: Request): RequestRow {
  const asked = newRequestDoc(
    {
      option: request.option,
      subject_id: request.subject.id,
      class_id: request.class?.id ?? '',
      schedule_id: request.schedule?.id ?? null,
      score_name_id: request.score_name?.id ?? null,
      late_minutes: request.late_minutes,
      points: request.points,
      content: request.content,
    },
    {
      id: request.id,
      studentId: request.student.id,
      // Not in the answer, and no screen reads it from a request.
      universityId: '',
      createdAt: request.created_at,
      filedBy: request.filed_by?.id ?? null,
    },
  );
  const { _deleted, ...fields } = asked;
  return {
    doc: {
      ...fields,
      classId: request.class?.id ?? null,
      type: request.type,
      status: request.status,
      attendanceKind: request.attendance_kind,
      confirmKind: request.confirm_kind,
      acceptReason: request.accept_reason,
      rejectReason: request.reject_reason,
      decidedBy: request.decided_by?.id ?? null,
      decidedAt: request.decided_at,
      // Read from the server, so not waiting to be pushed (0 marks a row filed on this device).
      updatedAt: 1,
    },
    studentName: request.student.name,
    studentIdentity: request.student.identity,
    // The server's answer names the student record, not the user: the cancel shows once the row is here.
    studentUserId: null,
    subjectName: request.subject.name,
    className: request.class?.name ?? null,
    sitting: request.schedule
      ? { day: request.schedule.day, startTime: '', lessonName: request.schedule.lesson.name }
      : null,
    scoreName: request.score_name?.name ?? null,
    deciderName: request.decided_by?.name ?? null,
    filerName: request.filed_by?.name ?? null,
    waiting: false,
  };
}

/**
 * The request, from this device when it holds it (offline too), else from the server; a failed read clears
 * the screen and goes to the shared handler (SPEC §8: a 422 on the detail clears it).
 */
function useRequest(requestId: string, onFailure: (code: string, status: number | null) => void) {
  const rows = useRequestRows();
  const local = rows?.find((row) => row.doc.id === requestId);
  const [remote, setRemote] = useState<RequestRow | null>(null);
  const missing = rows !== undefined && !local;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the failure handler is the route's, stable enough
  useEffect(() => {
    if (!missing) return;
    let live = true;
    setRemote(null);
    void fetchRequest(requestId).then((answer) => {
      if (!live) return;
      if (answer.ok) setRemote(rowOf(answer.value));
      else onFailure(answer.failure.code, null);
    });
    return () => {
      live = false;
    };
  }, [missing, requestId]);
  return { row: local ?? remote, loading: rows === undefined || (missing && remote === null) };
}

/**
 * The request detail (SPEC §2 /requests/{id}): what was asked, its history, and for the staff of its class
 * approve without or with update (the sitting's mark or the score changes to what was asked, in the same
 * transaction), or reject with a reason; the student may cancel while it is requesting, and so may the
 * guardian who filed it for their child (issue 43). Decisions need the server (two deciders learn which one
 * won); the screen updates through the sync.
 */
export function RequestDetailScreen({
  requestId,
  role,
  userId,
  online,
  notify,
  onReadFailure,
}: {
  requestId: string;
  role: AccountRole;
  /** The signed-in user: a guardian cancels only what they filed. */
  userId: string;
  online: boolean;
  notify: (notice: RequestNotice) => void;
  onReadFailure: (code: string) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = localeOrDefault(i18n.locale);
  const { row, loading } = useRequest(requestId, (code) => onReadFailure(code));
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  if (loading) return <Spinner label={t`Loading`} />;
  if (!row) return null;
  const { doc } = row;
  const requesting = doc.status === RequestStatus.requesting;
  const isStaff = role === Role.teacher || role === Role.admin;
  // `mayCancelRequest` compares the signer with the student's user id, not the request's student record id.
  const isCanceller = mayCancelRequest(
    { id: userId, role },
    { student_id: row.studentUserId ?? '', filed_by: doc.filedBy },
  );
  const updates = isAboutSitting(doc.type) || doc.scoreNameId !== null;

  const decide = async (decision: Parameters<typeof decideRequest>[2], success: string): Promise<boolean> => {
    setBusy(true);
    const answer = await decideRequest(doc.id, doc.type, decision);
    setBusy(false);
    if (answer.ok) {
      notify({ tone: 'success', title: success });
      return true;
    }
    if (answer.failure.field === 'reason') setReasonError(errorMessage(i18n, answer.failure.code));
    notify({ tone: 'error', title: errorMessage(i18n, answer.failure.code) });
    return false;
  };

  const submitReject = async () => {
    if (reason.trim() === '') {
      setReasonError(errorMessage(i18n, 'required'));
      return;
    }
    const done = await decide(
      { status: RequestStatus.rejected, reason: reason.trim() },
      t`The request was rejected.`,
    );
    if (done) setRejecting(false);
  };

  return (
    <section aria-labelledby="request-title" className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="request-title" className="text-2xl font-semibold">
          {i18n._(OPTION_LABELS[doc.option])}
        </h1>
        <RequestStatusBadge status={doc.status} waiting={row.waiting} />
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-[10rem_1fr]">
        <dt className="text-sm text-slate-600">
          <Trans>Student</Trans>
        </dt>
        <dd>{`${row.studentIdentity} ${row.studentName}`.trim() || '—'}</dd>
        <dt className="text-sm text-slate-600">
          <Trans>Subject</Trans>
        </dt>
        <dd>{[row.subjectName, row.className].filter(Boolean).join(' / ') || '—'}</dd>
        <dt className="text-sm text-slate-600">
          <Trans>About</Trans>
        </dt>
        <dd>
          <RequestAbout row={row} />
        </dd>
        {doc.lateMinutes !== null && (
          <>
            <dt className="text-sm text-slate-600">
              <Trans>Late minutes</Trans>
            </dt>
            <dd>{doc.lateMinutes}</dd>
          </>
        )}
        <dt className="text-sm text-slate-600">
          <Trans>Content</Trans>
        </dt>
        <dd className="whitespace-pre-wrap break-words">{doc.content}</dd>
      </dl>

      <section aria-labelledby="request-history" className="flex flex-col gap-2">
        <h2 id="request-history" className="text-lg font-semibold">
          <Trans>History</Trans>
        </h2>
        <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4">
          <li>
            <span className="text-sm text-slate-600">{formatDate(doc.createdAt, locale, 'dateTime')}</span>{' '}
            {doc.filedBy === null ? (
              <Trans>Filed by {row.studentName || t`the student`}</Trans>
            ) : row.filerName ? (
              // Issue 43: a guardian filed it for their child, named from the people rows of this device.
              <Trans>
                Filed by {row.filerName} (guardian) for {row.studentName || t`the student`}
              </Trans>
            ) : (
              <Trans>Filed by a guardian for {row.studentName || t`the student`}</Trans>
            )}
            {row.waiting && (
              <span className="ml-2 text-sm text-slate-600">
                <Trans>(stored on this device, sent when online)</Trans>
              </span>
            )}
          </li>
          {!requesting && (
            <li>
              <span className="text-sm text-slate-600">
                {doc.decidedAt ? formatDate(doc.decidedAt, locale, 'dateTime') : ''}
              </span>{' '}
              {i18n._(STATUS_LABELS[doc.status])}
              {row.deciderName && <> — {row.deciderName}</>}
              {doc.acceptReason === AcceptReason.withUpdate && (
                <span className="block text-sm text-slate-700">
                  {doc.scoreNameId !== null ? (
                    <Trans>The score was changed by this request.</Trans>
                  ) : (
                    <Trans>The attendance was changed by this request.</Trans>
                  )}
                </span>
              )}
              {doc.acceptReason === AcceptReason.withoutUpdate && (
                <span className="block text-sm text-slate-700">
                  <Trans>Approved without changing the record.</Trans>
                </span>
              )}
              {doc.rejectReason && (
                <span className="block text-sm text-slate-700">
                  <Trans>Reason: {doc.rejectReason}</Trans>
                </span>
              )}
            </li>
          )}
        </ol>
      </section>

      {requesting && (isStaff || (isCanceller && !row.waiting)) && (
        <section aria-labelledby="request-decision" className="flex flex-col gap-3">
          <h2 id="request-decision" className="text-lg font-semibold">
            {isStaff ? <Trans>Decision</Trans> : <Trans>Cancel</Trans>}
          </h2>
          {!online && (
            <p className="text-sm text-slate-700">
              <Trans>Deciding a request needs a connection.</Trans>
            </p>
          )}
          {isStaff && !rejecting && (
            <div className="flex flex-wrap gap-2">
              {updates && (
                <Button
                  disabled={!online}
                  busy={busy}
                  onClick={() =>
                    void decide(
                      { status: RequestStatus.accepted, accept_reason: AcceptReason.withUpdate },
                      t`The request was approved.`,
                    )
                  }
                >
                  <Trans>Approve and update the record</Trans>
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={!online}
                busy={busy}
                onClick={() =>
                  void decide(
                    { status: RequestStatus.accepted, accept_reason: AcceptReason.withoutUpdate },
                    t`The request was approved.`,
                  )
                }
              >
                <Trans>Approve without update</Trans>
              </Button>
              <Button variant="danger" disabled={!online} onClick={() => setRejecting(true)}>
                <Trans>Reject</Trans>
              </Button>
            </div>
          )}
          {isStaff && rejecting && (
            <div className="flex flex-col gap-2">
              <TextAreaField
                label={t`Reason for rejecting`}
                rows={3}
                maxLength={500}
                value={reason}
                error={reasonError ?? undefined}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(null);
                }}
              />
              <div className="flex flex-wrap gap-2">
                <Button variant="danger" disabled={!online} busy={busy} onClick={() => void submitReject()}>
                  <Trans>Reject the request</Trans>
                </Button>
                <Button variant="ghost" onClick={() => setRejecting(false)}>
                  <Trans>Back</Trans>
                </Button>
              </div>
            </div>
          )}
          {isCanceller && (
            <div>
              <Button
                variant="secondary"
                disabled={!online}
                busy={busy}
                onClick={() =>
                  void decide({ status: RequestStatus.cancelled }, t`The request was cancelled.`)
                }
              >
                <Trans>Cancel the request</Trans>
              </Button>
            </div>
          )}
        </section>
      )}
    </section>
  );
}
