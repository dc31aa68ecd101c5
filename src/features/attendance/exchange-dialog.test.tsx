import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AttendanceSchedule } from '../../../domain/schemas/attendance';
import { AttendanceGrid } from './attendance-grid';
import type { Sheet, SheetColumn } from './attendance-sheet';
import { type ExchangeCalls, ExchangeDialog } from './exchange-dialog';

const column = (id: string, day: string, lessonId: string): SheetColumn => ({
  id,
  day,
  startTime: '09:00',
  endTime: '10:30',
  lessonId,
  lessonName: `Lesson ${lessonId}`,
});
const columns = [column('own-1', '2026-04-10', 'l-1'), column('own-2', '2026-04-17', 'l-2')];
const sitting = (id: string, day: string, lessonId: string): AttendanceSchedule => ({
  id,
  day,
  start_time: '13:00',
  end_time: '14:30',
  lesson: { id: lessonId, name: `Lesson ${lessonId}` },
});

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

/** The dialog of student An of subject-1's class, with the given calls. */
function openDialog(calls: ExchangeCalls, { online = true, onExchanged = vi.fn() } = {}) {
  wrap(
    <ExchangeDialog
      student={{ classStudentId: 'cs-1', name: 'An' }}
      subjectId="subject-1"
      columns={columns}
      online={online}
      onClose={vi.fn()}
      onExchanged={onExchanged}
      calls={calls}
    />,
  );
  return onExchanged;
}

/** Calls answering like the server: a move takes the sitting off the candidates and onto the moved list. */
function serverLike(): ExchangeCalls & { moves: unknown[] } {
  let candidates = [sitting('other-1', '2026-04-11', 'l-1'), sitting('other-2', '2026-04-18', 'l-2')];
  const moved: AttendanceSchedule[] = [];
  const moves: unknown[] = [];
  return {
    moves,
    list: async (_id, direction) => ({ ok: true, value: direction === 'candidates' ? candidates : moved }),
    apply: async (subjectId, body) => {
      moves.push({ subjectId, ...body });
      const target = candidates.find((candidate) => candidate.id === body.to_schedule_id);
      if (!target) return { ok: false, failure: { code: 'invalid', field: 'to_schedule_id' } };
      candidates = candidates.filter((candidate) => candidate !== target);
      moved.push(target);
      return { ok: true, value: true };
    },
  };
}

describe('exchange attendance dialog', () => {
  it('moves the mark of this class’s sitting of the same lesson to the chosen one, then lists it as moved', async () => {
    const calls = serverLike();
    const onExchanged = openDialog(calls);
    const dialog = screen.getByRole('dialog', { name: 'Exchange attendance: An' });
    const moveButtons = await within(dialog).findAllByRole('button', { name: /^Move to / });
    expect(moveButtons).toHaveLength(2);
    expect(within(dialog).getByText('Not moved to another class’s sitting yet.')).toBeTruthy();

    fireEvent.click(moveButtons[1] as HTMLElement);
    await waitFor(() => expect(onExchanged).toHaveBeenCalledTimes(1));
    expect(calls.moves).toEqual([
      {
        subjectId: 'subject-1',
        from_schedule_id: 'own-2',
        to_schedule_id: 'other-2',
        class_student_ids: ['cs-1'],
      },
    ]);
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Move to / })).toHaveLength(1));
    const moved = within(dialog).getByRole('list', { name: 'Already moved to' });
    expect(within(moved).getByText(/Lesson l-2/)).toBeTruthy();
  });

  it('shows the server’s refusal translated and reports no exchange', async () => {
    const calls: ExchangeCalls = {
      list: async (_id, direction) => ({
        ok: true,
        value: direction === 'candidates' ? [sitting('other-1', '2026-04-11', 'l-1')] : [],
      }),
      apply: async () => ({ ok: false, failure: { code: 'forbidden' } }),
    };
    const onExchanged = openDialog(calls);
    fireEvent.click(await screen.findByRole('button', { name: /^Move to / }));
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this.');
    expect(onExchanged).not.toHaveBeenCalled();
  });

  it('offline, says the exchange needs a connection and calls nothing', () => {
    const calls = serverLike();
    const list = vi.spyOn(calls, 'list');
    openDialog(calls, { online: false });
    expect(screen.getByRole('alert').textContent).toMatch(/needs a connection/);
    expect(list).not.toHaveBeenCalled();
  });
});

describe('attendance grid exchange action', () => {
  const sheet = (editable: boolean): Sheet => ({
    columns,
    editable,
    awaitingNames: [],
    rows: [
      {
        classStudentId: 'cs-1',
        studentId: 'st-1',
        name: 'An',
        identity: 'S001',
        highlighted: false,
        cells: columns.map((at) => ({
          id: `cs-1:${at.id}`,
          scheduleId: at.id,
          status: null,
          absenceReasons: null,
          comment: null,
          state: 'empty' as const,
        })),
      },
    ],
  });
  const grid = (editable: boolean, online: boolean, onOpen = vi.fn()) =>
    wrap(
      <AttendanceGrid
        sheet={sheet(editable)}
        selected={null}
        onSelect={vi.fn()}
        onStatus={vi.fn()}
        onMarkAllPresent={vi.fn()}
        exchange={{ online, onOpen }}
      />,
    );

  it('opens the exchange of a student online, is disabled offline, and is not offered on a read-only sheet', () => {
    const onOpen = vi.fn();
    const online = grid(true, true, onOpen);
    fireEvent.click(screen.getByRole('button', { name: 'Exchange attendance of An' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ classStudentId: 'cs-1' }));
    online.unmount();

    const offline = grid(true, false);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Exchange attendance of An' }).disabled,
    ).toBe(true);
    offline.unmount();

    grid(false, true);
    expect(screen.queryByRole('button', { name: 'Exchange attendance of An' })).toBeNull();
  });
});
