import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AccountRole } from '../../../domain/roles';
import type { ScoreImportPreview } from '../../../domain/schemas/achievement';
import { ValidationCode } from '../../../domain/validation-codes';
import { useDatabase } from '../../db/database-context';
import { errorMessage } from '../../i18n/error-messages';
import { formatDecimal } from '../../i18n/format';
import { localeOrDefault } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { ChangedMeanwhileNote } from '../../ui/changed-meanwhile-note';
import { EmptyState } from '../../ui/empty-state';
import { FilePicker } from '../../ui/file-picker';
import { Screen } from '../../ui/screen';
import { TextField } from '../../ui/text-field';
import { useLiveForm } from '../../ui/use-live-form';
import { ClassCascade } from '../shared/class-cascade';
import { ClassRosterNotices, useNamesAhead } from '../shared/class-roster-notices';
import { localToday } from '../shared/local-clock';
import { ClassNotOnDevice } from '../shared/not-on-device';
import { SubjectOnDevice } from '../shared/subject-on-device';
import { useClassNames } from '../shared/use-class-names';
import { downloadWorkbook, exportFileName } from '../shared/xlsx-export';
import {
  checkFinalScoreEntry,
  checkScoreEntry,
  type FinalScoreTarget,
  type ScorePatch,
  type ScoreRefusal,
  type ScoreTarget,
  storeFinalScoreEntry,
  storeScoreEntry,
} from './achievement-commands';
import { commitImport, previewImport } from './import-calls';
import type { ScoreColumn, ScoreGrid, ScoreRow } from './score-grid';
import { entryOutcome, type ScoreEntry, ScoreTable } from './score-table';
import { SCORE_GRID_SHOWN, useScoreGrid } from './use-score-grid';

type Loaded = NonNullable<ReturnType<typeof useScoreGrid>>;

const NO_DATABASE: ScoreEntry = { stored: Promise.resolve(null) };

/**
 * Enters one score of a loaded grid through the local command: the checks at once (a refusal comes back
 * translated), then the write, whose outcome (a later refusal, translated, or none) `stored` resolves with.
 */
export function useScoreWriter(actor: { id: string; role: AccountRole }, loaded: Loaded | null | undefined) {
  const database = useDatabase();
  const { i18n, t } = useLingui();
  const reasonOf = (refusal: ScoreRefusal) =>
    refusal === 'forbidden'
      ? t`You may not enter scores for a class not assigned to you.`
      : errorMessage(i18n, refusal);
  return (row: ScoreRow, column: ScoreColumn, patch: ScorePatch): ScoreEntry => {
    if (!database || !loaded) return NO_DATABASE;
    const parent = column.parentId
      ? loaded.grid.columns.find((candidate) => candidate.id === column.parentId)
      : undefined;
    const target: ScoreTarget = {
      subjectClass: loaded.subjectClass,
      subjectStudentId: row.subjectStudentId,
      studentId: row.studentId,
      scoreName: { id: column.id, fullScore: column.fullScore },
      ...(parent
        ? {
            parent: {
              id: parent.id,
              fullScore: parent.fullScore,
              partIds: loaded.grid.columns
                .filter((part) => part.parentId === parent.id)
                .map((part) => part.id),
            },
          }
        : {}),
    };
    const checked = checkScoreEntry(actor, target, patch);
    if (!checked.ok) return { refusal: reasonOf(checked.refusal) };
    return {
      points: checked.changes.points,
      stored: storeScoreEntry(database, target, checked.changes).then((refusal) =>
        refusal === null ? null : reasonOf(refusal),
      ),
    };
  };
}

/**
 * Sets or clears (blank) one student's final score of a loaded grid, or the comment on their whole subject,
 * through the local command: the checks at once (a refusal comes back translated), then the write. A
 * cleared final score shows the formula's value, which only the stored grid knows: no value is foretold.
 */
export function useFinalScoreWriter(
  actor: { id: string; role: AccountRole },
  loaded: Loaded | null | undefined,
) {
  const database = useDatabase();
  const { i18n, t } = useLingui();
  return (row: ScoreRow, patch: ScorePatch): ScoreEntry => {
    if (!database || !loaded) return NO_DATABASE;
    const target: FinalScoreTarget = {
      subjectClass: {
        ...loaded.subjectClass,
        teacherAllowUpdateFinalScore: loaded.subject?.teacherAllowUpdateFinalScore ?? false,
      },
      subjectStudentId: row.subjectStudentId,
      studentId: row.studentId,
      top: loaded.grid.finalScoreTop,
    };
    const checked = checkFinalScoreEntry(actor, target, patch);
    if (checked.ok) {
      const finalScore = checked.changes.finalScore;
      return {
        ...(finalScore !== undefined && finalScore !== null ? { points: finalScore } : {}),
        stored: storeFinalScoreEntry(database, target, checked.changes).then(() => null),
      };
    }
    const refusal = checked.refusal;
    if (refusal === 'forbidden') {
      return {
        refusal:
          patch.comment === undefined
            ? t`You may not set final scores in this subject.`
            : t`You may not enter scores for a class not assigned to you.`,
      };
    }
    if (refusal === ValidationCode.scoreAboveFull && loaded.grid.finalScoreTop !== null) {
      const top = formatDecimal(loaded.grid.finalScoreTop, localeOrDefault(i18n.locale));
      return { refusal: t`A final score must lie between 0 and ${top}.` };
    }
    return { refusal: errorMessage(i18n, refusal) };
  };
}

/** The sheet as shown, for the Excel export: student number, name, every score, GPA and final score. */
export function gridSheet(
  grid: ScoreGrid,
  labels: { identity: string; name: string; gpa: string; final: string },
) {
  return {
    sheetName: 'Scores',
    header: [
      labels.identity,
      labels.name,
      ...grid.columns.map((column) => column.name),
      labels.gpa,
      labels.final,
    ],
    rows: grid.rows.map((row) => [
      row.identity,
      row.name,
      ...row.cells.map((cell) => cell.points),
      row.gpa,
      row.finalScore,
    ]),
  };
}

/**
 * The achievement screen (SPEC §2 /achievement, issue 7): pick a class through the filter cascade, then enter
 * its scores in the grid, read from and written to the local database only; GPA, final score and highlights
 * follow every entry.
 * `classId` comes from `?subjectClass=`.
 */
export function AchievementScreen({
  actor,
  classId,
  online,
  onChooseClass,
}: {
  actor: { id: string; role: AccountRole };
  classId: string;
  online: boolean;
  onChooseClass: (classId: string) => void;
}) {
  const { t } = useLingui();
  const loaded = useScoreGrid(classId, actor);
  const write = useScoreWriter(actor, loaded);
  const writeFinal = useFinalScoreWriter(actor, loaded);
  const [selected, setSelected] = useState<{ classId: string; row: number; column: number } | null>(null);
  const grid = loaded?.grid;
  useNamesAhead(grid?.awaitingNames);
  const at = selected?.classId === classId ? selected : null;
  const selectedRow = at && grid ? grid.rows[at.row] : undefined;
  const selectedColumn = at && grid ? grid.columns[at.column] : undefined;
  const selectedCell = at && selectedRow ? selectedRow.cells[at.column] : undefined;
  // The column after the last score is the final score: its comment is the one on the whole subject.
  const selectedFinal =
    at && grid && selectedRow && at.column === grid.columns.length ? selectedRow : undefined;
  const labels = { identity: t`Student number`, name: t`Name`, gpa: t`GPA`, final: t`Final score` };
  const names = useClassNames(classId);
  const exportScores = (shown: ScoreGrid) => {
    const what = t`Scores`;
    const about = [names.subject, names.className, names.yearCode].filter(Boolean).join(' · ');
    void downloadWorkbook(exportFileName([what, names.subject, names.className], localToday()), {
      ...gridSheet(shown, labels),
      sheetName: [what, names.subject, names.className].filter(Boolean).join(' '),
      title: about ? `${about} — ${what}` : what,
    });
  };

  return (
    <Screen title={<Trans>Achievement</Trans>}>
      <ClassCascade classId={classId} onChooseClass={onChooseClass} />
      {!classId && <EmptyState title={t`Choose a class to enter its scores.`} />}
      {classId && loaded === null && <ClassNotOnDevice classId={classId} />}
      {grid && loaded && (
        <SubjectOnDevice
          subjectId={loaded.subjectClass.subjectId}
          role={actor.role}
          online={online}
          shown={SCORE_GRID_SHOWN}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600">
              {grid.editable ? (
                <Trans>Type a score and press Enter; a blank score is not entered, 0 is a score.</Trans>
              ) : (
                <Trans>This class is not assigned to you: its scores are read-only.</Trans>
              )}
              {grid.finalScoreEditable && (
                <>
                  {' '}
                  <Trans>
                    A final score typed by hand replaces the formula's; × or a blank returns to the formula.
                  </Trans>
                </>
              )}
            </p>
            <Button variant="secondary" size="sm" onClick={() => exportScores(grid)}>
              <Trans>Export to Excel</Trans>
            </Button>
          </div>
          <ClassRosterNotices rows={grid.rows.length} awaitingStudents={grid.awaitingNames} />
          {grid.rows.length > 0 && (
            <ScoreTable
              grid={grid}
              caption={t`Score sheet`}
              showTotals
              columnLink={(column) =>
                column.hasParts ? (
                  <Link
                    to="/achievement/subjects/$subjectId/score-names/$scoreNameId"
                    params={{ subjectId: loaded.subjectClass.subjectId, scoreNameId: column.id }}
                    search={{ subjectClass: classId }}
                    className="block text-xs font-normal text-sky-700 underline"
                  >
                    {t`Enter sub-scores`}
                  </Link>
                ) : null
              }
              onEnter={(row, column, text) => write(row, column, { pointText: text })}
              onEnterFinal={(row, text) => writeFinal(row, { pointText: text })}
              onSelect={(position) => setSelected({ classId, ...position })}
            />
          )}
          {selectedRow && selectedColumn && selectedCell && (
            <CommentEditor
              key={selectedCell.key}
              title={`${selectedRow.name} — ${selectedColumn.name}`}
              comment={selectedCell.comment ?? ''}
              editable={grid.editable}
              onSave={(comment) => entryOutcome(write(selectedRow, selectedColumn, { comment }))}
            />
          )}
          {selectedFinal && (
            <CommentEditor
              key={selectedFinal.finalCell.key}
              title={`${selectedFinal.name} — ${labels.final}`}
              comment={selectedFinal.finalCell.comment ?? ''}
              editable={grid.editable}
              onSave={(comment) => entryOutcome(writeFinal(selectedFinal, { comment }))}
            />
          )}
          {grid.editable && <ImportPanel classId={classId} />}
        </SubjectOnDevice>
      )}
    </Screen>
  );
}

/** The comment of the selected score. */
export function CommentEditor({
  title,
  comment,
  editable,
  onSave,
}: {
  title: string;
  comment: string;
  editable: boolean;
  onSave: (comment: string) => Promise<string | null>;
}) {
  const { t } = useLingui();
  // The comment as it is now: one synced in while the teacher types shows as changed meanwhile (useLiveForm).
  const form = useLiveForm(comment, (stored) => stored);
  const text = form.values ?? comment;
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <form
      aria-label={t`Selected score`}
      className="flex flex-wrap items-end gap-3 rounded border border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(text).then((refusal) => setError(refusal ?? undefined));
      }}
    >
      <p className="w-full font-medium">{title}</p>
      <div className="w-full">
        <ChangedMeanwhileNote form={form} />
      </div>
      <TextField
        label={t`Comment`}
        value={text}
        error={error}
        readOnly={!editable}
        onChange={(event) => form.setValues(event.target.value)}
      />
      {editable && <Button type="submit">{t`Save`}</Button>}
    </form>
  );
}

/** The xlsx import: pick a file, see every problem row by row, then import it in one go (online only). */
function ImportPanel({ classId }: { classId: string }) {
  const { t, i18n } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ScoreImportPreview | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const choose = async (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setMessage(null);
    if (!picked) return;
    const answer = await previewImport(classId, picked);
    if (answer.ok) setPreview(answer.value);
    else setMessage(errorMessage(i18n, answer.failure.code));
  };
  const commit = async () => {
    if (!file) return;
    const answer = await commitImport(classId, file);
    setPreview(null);
    setMessage(
      answer.ok ? t`${answer.value.written} scores imported.` : errorMessage(i18n, answer.failure.code),
    );
  };
  return (
    <section aria-label={t`Import scores`} className="space-y-2 rounded border border-slate-200 p-3">
      <FilePicker
        label={t`Import scores from Excel (.xlsx, at most 50 students and 30 score columns)`}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onPick={(picked) => void choose(picked ?? null)}
      />
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
      {preview && (
        <>
          <table className="text-sm" aria-label={t`Import preview`}>
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left">{t`Row`}</th>
                <th scope="col" className="px-2 text-left">{t`Student number`}</th>
                <th scope="col" className="px-2 text-left">{t`Problems`}</th>
              </tr>
            </thead>
            <tbody>
              {preview.columns.flatMap((column, index) =>
                column.error
                  ? [
                      <tr key={`column-${column.header}-${String(index)}`} className="text-red-700">
                        <td className="px-2">1</td>
                        <td className="px-2">{column.header}</td>
                        <td className="px-2">{errorMessage(i18n, column.error)}</td>
                      </tr>,
                    ]
                  : [],
              )}
              {preview.rows.map((row) => (
                <tr key={row.row} className={Object.keys(row.errors).length > 0 ? 'text-red-700' : undefined}>
                  <td className="px-2">{row.row}</td>
                  <td className="px-2">{row.identity}</td>
                  <td className="px-2">
                    {Object.entries(row.errors)
                      .map(([field, code]) => `${field}: ${errorMessage(i18n, code)}`)
                      .join(' / ') || t`OK`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button disabled={!preview.valid} onClick={() => void commit()}>
            {t`Import`}
          </Button>
        </>
      )}
    </section>
  );
}
