import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { callApi } from '../../api/call-api';
import { Button } from '../../ui/button';
import { SelectField, type SelectOption } from '../../ui/select-field';
import {
  isEmailEntry,
  matchRoster,
  type RosterCandidate,
  type RosterPreview,
  rosterEntries,
  yearCodeRoster,
} from './roster-match';

/**
 * Looks up on the server the students named by e-mail that this device cannot match (it keeps no
 * addresses), one search each; online only, at most 50 a list (SPEC §9's import limit).
 */
async function lookUpEmails(entries: readonly string[]): Promise<RosterCandidate[]> {
  const found: RosterCandidate[] = [];
  for (const email of entries.filter(isEmailEntry).slice(0, 50)) {
    const answer = await callApi('GET /api/students/search', { query: { param: email } });
    if (!answer.ok) continue;
    const student = answer.value.data.find((row) => row.email.toLowerCase() === email.toLowerCase());
    if (student)
      found.push({
        studentId: student.id,
        identity: student.identity,
        name: student.name,
        yearCodeId: student.year_code?.id ?? null,
        email: student.email,
      });
  }
  return found;
}

/**
 * Adds many students to a class at once (issue 42: one at a time from a list of 360): every student of a
 * year code, or a pasted list of student numbers or e-mails. A preview says who matched, who is already in a
 * class of the subject and which entries named nobody, before anything is saved.
 */
export function BulkRoster({
  classes,
  candidates,
  seatedIds,
  yearCodes,
  defaultYearCodeId,
  onAdd,
}: {
  classes: readonly SelectOption[];
  candidates: readonly RosterCandidate[];
  seatedIds: ReadonlySet<string>;
  yearCodes: readonly SelectOption[];
  defaultYearCodeId: string;
  onAdd: (classId: string, studentIds: string[]) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const [classId, setClassId] = useState('');
  const [yearCodeId, setYearCodeId] = useState(defaultYearCodeId);
  const [pasted, setPasted] = useState('');
  const [preview, setPreview] = useState<RosterPreview | null>(null);
  const [busy, setBusy] = useState(false);

  const matchPasted = async () => {
    setBusy(true);
    const entries = rosterEntries(pasted);
    const local = matchRoster(entries, candidates, seatedIds);
    const byEmail = await lookUpEmails(local.unmatched);
    setPreview(matchRoster(entries, [...candidates, ...byEmail], seatedIds));
    setBusy(false);
  };
  const add = async () => {
    if (!preview || !classId) return;
    setBusy(true);
    const added = await onAdd(
      classId,
      preview.matched.map((row) => row.studentId),
    );
    setBusy(false);
    if (added) {
      setPreview(null);
      setPasted('');
    }
  };
  const who = (row: RosterCandidate) => `${row.identity ?? ''} ${row.name}`.trim();

  return (
    <section
      aria-labelledby="bulk-roster-title"
      className="flex flex-col gap-3 rounded border border-slate-200 p-3"
    >
      <h2 id="bulk-roster-title" className="text-lg font-semibold">
        <Trans>Add many students</Trans>
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t`Class`}
          placeholder={t`Choose`}
          options={classes}
          value={classId}
          onChange={(event) => setClassId(event.target.value)}
        />
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField
              label={t`Year code`}
              options={yearCodes}
              value={yearCodeId}
              onChange={(event) => setYearCodeId(event.target.value)}
            />
          </div>
          <Button
            variant="secondary"
            disabled={!yearCodeId}
            onClick={() => setPreview(yearCodeRoster(yearCodeId, candidates, seatedIds))}
          >
            <Trans>Take the whole year code</Trans>
          </Button>
        </div>
      </div>
      <label className="flex flex-col gap-1 text-sm font-medium">
        <Trans>Student numbers or e-mails, one per line</Trans>
        <textarea
          rows={4}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          className="rounded border border-slate-300 p-2 font-normal"
        />
      </label>
      <div>
        <Button variant="secondary" busy={busy} disabled={!pasted.trim()} onClick={() => void matchPasted()}>
          <Trans>Check the list</Trans>
        </Button>
      </div>
      {preview && (
        <div aria-live="polite" className="flex flex-col gap-2 text-sm">
          <p data-testid="roster-matched" className="font-medium">
            <Plural
              value={preview.matched.length}
              one="# student will be added"
              other="# students will be added"
            />
          </p>
          {preview.matched.length > 0 && (
            <ul className="max-h-48 overflow-y-auto rounded bg-slate-50 p-2">
              {preview.matched.map((row) => (
                <li key={row.studentId}>{who(row)}</li>
              ))}
            </ul>
          )}
          {preview.seated.length > 0 && (
            <p data-testid="roster-seated" className="text-slate-700">
              <Trans>Already in a class of this subject:</Trans> {preview.seated.map(who).join(', ')}
            </p>
          )}
          {preview.unmatched.length > 0 && (
            <p data-testid="roster-unmatched" className="text-red-700">
              <Trans>Not found:</Trans> {preview.unmatched.join(', ')}
            </p>
          )}
          <div>
            <Button
              busy={busy}
              disabled={!classId || preview.matched.length === 0}
              onClick={() => void add()}
            >
              <Plural
                value={preview.matched.length}
                one="Add # student to the class"
                other="Add # students to the class"
              />
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
