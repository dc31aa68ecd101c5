import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { AccountRole } from '../../../domain/roles';
import { SyncCollection } from '../../../domain/sync';
import { Screen } from '../../ui/screen';
import { SelectField } from '../../ui/select-field';
import { EMPTY_FILTER, filterOptions } from '../shared/class-filter';
import { useNamesAhead } from '../shared/class-roster-notices';
import { ClassNotOnDevice, NotOnDevice } from '../shared/not-on-device';
import { SubjectOnDevice } from '../shared/subject-on-device';
import { useFilterSources } from '../shared/use-filter-sources';
import { CommentEditor, useScoreWriter } from './achievement-screen';
import { entryOutcome, ScoreTable } from './score-table';
import { SCORE_GRID_SHOWN, useScoreGrid } from './use-score-grid';

/**
 * The sub-score page (SPEC §2 /achievement/subjects/{id}/score-names/{scoreNameId}): the sub-scores of one
 * score name for one class of the subject, entered locally; the score itself shows their sum.
 */
export function SubScoreScreen({
  actor,
  subjectId,
  scoreNameId,
  classId,
  online,
  onChooseClass,
}: {
  actor: { id: string; role: AccountRole };
  subjectId: string;
  scoreNameId: string;
  classId: string | undefined;
  online: boolean;
  onChooseClass: (classId: string) => void;
}) {
  const { t } = useLingui();
  const sources = useFilterSources();
  const classes = sources
    ? filterOptions({ ...EMPTY_FILTER, subjectId }, sources.subjects, sources.master).classId
    : [];
  const chosen = classId ?? classes[0]?.value ?? '';
  const loaded = useScoreGrid(chosen, actor, scoreNameId);
  const write = useScoreWriter(actor, loaded);
  const [selected, setSelected] = useState<{ row: number; column: number } | null>(null);
  const grid = loaded?.grid;
  useNamesAhead(grid?.awaitingNames);
  const parent = grid?.columns.find((column) => column.id === scoreNameId);
  const row = selected && grid ? grid.rows[selected.row] : undefined;
  const column = selected && grid ? grid.columns[selected.column] : undefined;
  const cell = selected && row ? row.cells[selected.column] : undefined;

  return (
    <Screen title={parent ? t`Sub-scores of ${parent.name}` : t`Sub-scores`}>
      <div className="max-w-md">
        <SelectField
          label={t`Class`}
          value={chosen}
          placeholder={t`Choose`}
          options={classes}
          onChange={(event) => onChooseClass(event.target.value)}
        />
      </div>
      {loaded === null && <ClassNotOnDevice classId={chosen} />}
      {grid && !parent && (
        <NotOnDevice
          collection={SyncCollection.subjects}
          rowId={scoreNameId}
          arriving={t`This score name is still arriving on this device…`}
          absent={t`This score name is not available on this device.`}
        />
      )}
      <SubjectOnDevice subjectId={subjectId} role={actor.role} online={online} shown={SCORE_GRID_SHOWN}>
        {grid && parent && (
          <ScoreTable
            grid={grid}
            caption={t`Sub-score sheet`}
            showTotals={false}
            onEnter={(target, scoreColumn, text) => write(target, scoreColumn, { pointText: text })}
            onSelect={setSelected}
          />
        )}
        {grid && row && column && cell && (
          <CommentEditor
            key={`${cell.key}:${cell.comment ?? ''}`}
            title={`${row.name} — ${column.name}`}
            comment={cell.comment ?? ''}
            editable={grid.editable && !column.hasParts}
            onSave={(comment) => entryOutcome(write(row, column, { comment }))}
          />
        )}
      </SubjectOnDevice>
    </Screen>
  );
}
