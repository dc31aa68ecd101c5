import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '../../../domain/roles';
import { AchievementDocKind } from '../../../domain/sync-docs';
import { resultId } from '../../../domain/sync-ids';
import { openDatabase, type SchoolDatabase } from '../../db/open-database';
import { enterFinalScore } from './achievement-commands';
import { buildScoreGrid, type ScoreColumn, type ScoreGridInput, type ScoreRow } from './score-grid';
import { type ScoreEntry, ScoreTable } from './score-table';

let database: SchoolDatabase;

beforeEach(async () => {
  // A refused entry is kept for the tab (session storage): each test starts with none.
  sessionStorage.clear();
  database = await openDatabase(`final-score-${Date.now()}`, {
    dexie: { indexedDB, IDBKeyRange },
    multiInstance: false,
    only: ['achievements'],
  });
});

afterEach(async () => {
  await database.remove();
});

const subjectClass = { id: 'class-1', subjectId: 'subject-1', universityId: 'u', teacherIds: ['teacher-1'] };
const teacher = { id: 'teacher-1', role: Role.teacher };

/** One student with a written score of 80 (full 100) under the formula `written * 0.5`: top 50. */
const input = (overrides: Partial<ScoreGridInput>): ScoreGridInput => ({
  actor: teacher,
  subjectClass,
  formula: 'written * 0.5',
  classStudents: [{ studentId: 'st-1', subjectStudentId: 'ss-1' }],
  students: new Map([['st-1', { name: 'An', identity: 'S-1' }]]),
  scoreNames: [
    { id: 'written', name: 'written', fullScore: 100, optionPlus: false, parentId: null, position: 0 },
  ],
  scores: [{ id: 'score-1', subjectStudentId: 'ss-1', scoreNameId: 'written', points: 80, comment: null }],
  results: [],
  teacherAllowUpdateFinalScore: true,
  outbox: new Map(),
  highlights: [],
  ...overrides,
});

/** The grid as the screen builds it from what the local database holds now. */
async function gridFromDatabase(overrides: Partial<ScoreGridInput> = {}) {
  const results = (await database.achievements.find().exec())
    .map((doc) => doc.toJSON())
    .filter((doc) => doc.kind === AchievementDocKind.result);
  return buildScoreGrid(input({ results, ...overrides }));
}

/** Renders the sheet with the real command writing the local database, re-rendered after every write. */
async function renderSheet(overrides: Partial<ScoreGridInput> = {}) {
  const actor = overrides.actor ?? teacher;
  const view = render(<I18nProvider i18n={i18n}>{await sheet()}</I18nProvider>);
  async function sheet() {
    const grid = await gridFromDatabase(overrides);
    return (
      <ScoreTable
        grid={grid}
        caption="Score sheet"
        showTotals
        onEnter={() => ({ stored: Promise.resolve(null) })}
        onEnterFinal={(row, text) => ({
          stored: (async () => {
            const refusal = await enterFinalScore(
              database,
              actor,
              {
                subjectClass: {
                  ...subjectClass,
                  teacherAllowUpdateFinalScore: overrides.teacherAllowUpdateFinalScore ?? true,
                },
                subjectStudentId: row.subjectStudentId,
                studentId: row.studentId,
                top: grid.finalScoreTop,
              },
              { pointText: text },
            );
            view.rerender(<I18nProvider i18n={i18n}>{await sheet()}</I18nProvider>);
            return refusal;
          })(),
        })}
        onSelect={() => undefined}
      />
    );
  }
  return view;
}

const stored = async () => (await database.achievements.findOne(resultId('ss-1')).exec())?.finalScore;

describe('final score cell', () => {
  it('shows the formula’s value, takes a value typed by hand, marks it, and clears back to the formula', async () => {
    await renderSheet();
    const cell = screen.getByRole('textbox', { name: 'Final score of An' });
    expect(cell).toHaveProperty('value', '40');
    expect(screen.queryByText('Set by hand')).toBeNull();

    fireEvent.change(cell, { target: { value: '45.5' } });
    fireEvent.keyDown(cell, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText('Set by hand')).toBeTruthy());
    expect(await stored()).toBe(45.5);
    expect(screen.getByRole('textbox', { name: 'Final score of An' })).toHaveProperty('value', '45.5');

    fireEvent.click(
      screen.getByRole('button', { name: "Clear the final score of An back to the formula's value" }),
    );
    await waitFor(() => expect(screen.queryByText('Set by hand')).toBeNull());
    expect(await stored()).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Final score of An' })).toHaveProperty('value', '40');
  });

  it('refuses a value above the formula’s top and stores nothing', async () => {
    await renderSheet();
    const cell = screen.getByRole('textbox', { name: 'Final score of An' });
    fireEvent.change(cell, { target: { value: '50.5' } });
    fireEvent.keyDown(cell, { key: 'Enter' });
    await waitFor(() => expect(cell.getAttribute('aria-invalid')).toBe('true'));
    expect(await stored()).toBeUndefined();
  });

  it('is read-only, without the clear button, for a teacher the subject does not allow', async () => {
    await database.achievements.insert({
      id: resultId('ss-1'),
      kind: AchievementDocKind.result,
      subjectId: 'subject-1',
      universityId: 'u',
      subjectStudentId: 'ss-1',
      studentId: 'st-1',
      scoreNameId: '',
      fullScore: null,
      scheduleId: null,
      points: null,
      finalScore: 12,
      comment: null,
      updatedAt: 3,
    });
    await renderSheet({ teacherAllowUpdateFinalScore: false });
    const cell = screen.getByRole('textbox', { name: 'Final score of An' });
    expect(cell).toHaveProperty('readOnly', true);
    expect(cell).toHaveProperty('value', '12');
    expect(screen.getByText('Set by hand')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Clear the final score/ })).toBeNull();
    expect(
      await enterFinalScore(
        database,
        teacher,
        {
          subjectClass: { ...subjectClass, teacherAllowUpdateFinalScore: false },
          subjectStudentId: 'ss-1',
          studentId: 'st-1',
          top: 50,
        },
        { pointText: '30' },
      ),
    ).toBe('forbidden');
    expect(await stored()).toBe(12);
  });

  it('takes the subject comment from the class’s teachers even where final scores are not theirs to set', async () => {
    const target = {
      subjectClass: { ...subjectClass, teacherAllowUpdateFinalScore: false },
      subjectStudentId: 'ss-1',
      studentId: 'st-1',
      top: 50,
    };
    expect(await enterFinalScore(database, teacher, target, { comment: ' 面談済み ' })).toBeNull();
    const doc = await database.achievements.findOne(resultId('ss-1')).exec();
    expect(doc?.toJSON()).toMatchObject({
      kind: AchievementDocKind.result,
      comment: '面談済み',
      finalScore: null,
    });
    const stranger = { id: 'teacher-2', role: Role.teacher };
    expect(await enterFinalScore(database, stranger, target, { comment: 'x' })).toBe('forbidden');
  });
});

describe('score cell', () => {
  it('enters a score once when Enter is followed by leaving the cell before the entry is stored', async () => {
    const entered: string[] = [];
    let store: () => void = () => undefined;
    render(
      <I18nProvider i18n={i18n}>
        <ScoreTable
          grid={buildScoreGrid(input({}))}
          caption="Score sheet"
          showTotals
          onEnter={(_row, _column, text) => {
            entered.push(text);
            return {
              stored: new Promise<null>((resolve) => {
                store = () => resolve(null);
              }),
            };
          }}
          onEnterFinal={() => ({ stored: Promise.resolve(null) })}
          onSelect={() => undefined}
        />
      </I18nProvider>,
    );
    const cell = screen.getByRole('textbox', { name: 'written of An' });
    fireEvent.change(cell, { target: { value: '75' } });
    fireEvent.keyDown(cell, { key: 'Enter' });
    fireEvent.blur(cell);
    store();
    await waitFor(() => expect(entered).toEqual(['75']));
    fireEvent.blur(cell);
    expect(entered).toEqual(['75']);
  });

  it('shows an accepted score as waiting from the key press, and takes it back when storing refuses it', async () => {
    let refuse: (message: string) => void = () => undefined;
    const onEnter = (_row: ScoreRow, _column: ScoreColumn, text: string): ScoreEntry =>
      text === '500'
        ? { refusal: 'Above the full score' }
        : {
            points: Number(text),
            stored: new Promise<string | null>((resolve) => {
              refuse = resolve;
            }),
          };
    render(
      <I18nProvider i18n={i18n}>
        <ScoreTable
          grid={buildScoreGrid(input({}))}
          caption="Score sheet"
          showTotals
          onEnter={onEnter}
          onEnterFinal={() => ({ stored: Promise.resolve(null) })}
          onSelect={() => undefined}
        />
      </I18nProvider>,
    );
    const cell = screen.getByRole('textbox', { name: 'written of An' });
    expect(cell.dataset.state).toBe('saved');

    // Refused at once: never shown as waiting; the reason is beside the cell and the dot says not saved.
    fireEvent.change(cell, { target: { value: '500' } });
    fireEvent.keyDown(cell, { key: 'Enter' });
    await waitFor(() => expect(cell.getAttribute('aria-invalid')).toBe('true'));
    expect(cell.dataset.state).toBe('not-saved');
    expect(screen.getByRole('img', { name: 'Not saved' })).toBeTruthy();
    expect(document.getElementById(cell.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Above the full score',
    );

    // Accepted: waiting in the frame of the key press, before anything is stored.
    fireEvent.change(cell, { target: { value: '75' } });
    fireEvent.keyDown(cell, { key: 'Enter' });
    expect(cell).toHaveProperty('value', '75');
    expect(cell.dataset.state).toBe('waiting');
    expect(cell.getAttribute('aria-busy')).toBe('true');

    // Refused while storing (a sub-score's sum above its parent's full score): the waiting state goes.
    refuse('The parts add up to more than the full score');
    await waitFor(() => expect(cell.getAttribute('aria-invalid')).toBe('true'));
    expect(cell.dataset.state).toBe('not-saved');
    expect(screen.getByRole('alert').textContent).toBe('The parts add up to more than the full score');
    expect(cell.getAttribute('aria-busy')).toBeNull();
    expect(cell).toHaveProperty('value', '75');
  });
});

describe('a refused score', () => {
  const refusing = (_row: ScoreRow, _column: ScoreColumn, text: string): ScoreEntry =>
    text === '500'
      ? { refusal: 'Above the full score' }
      : { points: Number(text), stored: Promise.resolve(null) };
  const table = (grid = buildScoreGrid(input({}))) => (
    <I18nProvider i18n={i18n}>
      <ScoreTable
        grid={grid}
        caption="Score sheet"
        showTotals
        onEnter={refusing}
        onEnterFinal={() => ({ stored: Promise.resolve(null) })}
        onSelect={() => undefined}
      />
    </I18nProvider>
  );

  it('comes back with its reason after a reload of the tab, until another value is stored in the cell', async () => {
    const first = render(table());
    const cell = () => screen.getByRole('textbox', { name: 'written of An' });
    fireEvent.change(cell(), { target: { value: '500' } });
    fireEvent.keyDown(cell(), { key: 'Enter' });
    await waitFor(() => expect(cell().getAttribute('aria-invalid')).toBe('true'));
    first.unmount();

    // The tab reloaded: the refused text and its reason are back, over the stored 80.
    const again = render(table());
    expect(cell()).toHaveProperty('value', '500');
    expect(cell().dataset.state).toBe('not-saved');
    expect(screen.getByRole('alert').textContent).toBe('Above the full score');

    // Another value arrives for the cell (stored elsewhere): the refusal no longer applies.
    const scores = [
      { id: 'score-1', subjectStudentId: 'ss-1', scoreNameId: 'written', points: 90, comment: null },
    ];
    again.rerender(table(buildScoreGrid(input({ scores }))));
    await waitFor(() => expect(cell()).toHaveProperty('value', '90'));
    expect(cell().getAttribute('aria-invalid')).toBeNull();
    again.unmount();
    render(table(buildScoreGrid(input({ scores }))));
    expect(cell()).toHaveProperty('value', '90');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is dropped with Escape, and the stored value shows as saved', async () => {
    render(table());
    const cell = screen.getByRole('textbox', { name: 'written of An' });
    fireEvent.change(cell, { target: { value: '500' } });
    fireEvent.keyDown(cell, { key: 'Enter' });
    await waitFor(() => expect(cell.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.keyDown(cell, { key: 'Escape' });
    await waitFor(() => expect(cell).toHaveProperty('value', '80'));
    expect(cell.dataset.state).toBe('saved');
    expect(sessionStorage.length).toBe(0);
  });
});
