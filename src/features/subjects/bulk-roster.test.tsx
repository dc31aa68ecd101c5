import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BulkRoster } from './bulk-roster';
import type { RosterCandidate } from './roster-match';

const candidate = (n: number, yearCodeId: string): RosterCandidate => ({
  studentId: `s${n}`,
  identity: `ST${String(n).padStart(3, '0')}`,
  name: `Student ${n}`,
  yearCodeId,
});
const CANDIDATES = [candidate(1, 'y1'), candidate(2, 'y1'), candidate(3, 'y1'), candidate(4, 'y2')];

function renderRoster(onAdd: (classId: string, ids: string[]) => Promise<boolean>) {
  render(
    <I18nProvider i18n={i18n}>
      <BulkRoster
        classes={[{ value: 'c1', label: 'A組' }]}
        candidates={CANDIDATES}
        seatedIds={new Set(['s2'])}
        yearCodes={[
          { value: 'y1', label: '2025A' },
          { value: 'y2', label: '2026A' },
        ]}
        defaultYearCodeId="y1"
        onAdd={onAdd}
      />
    </I18nProvider>,
  );
}

describe('adding many students to a class', () => {
  it('adds a whole year code at once, after a preview that leaves out a student already seated', async () => {
    const onAdd = vi.fn(async () => true);
    renderRoster(onAdd);
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: 'c1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take the whole year code' }));
    expect(screen.getByTestId('roster-matched').textContent).toBe('2 students will be added');
    expect(screen.getByTestId('roster-seated').textContent).toContain('ST002 Student 2');
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 students to the class' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith('c1', ['s1', 's3']));
  });

  it('matches a pasted list of student numbers and says which entries named nobody', async () => {
    const onAdd = vi.fn(async () => true);
    renderRoster(onAdd);
    fireEvent.change(screen.getByLabelText('Student numbers or e-mails, one per line'), {
      target: { value: 'ST004\nst001\nST404' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }));
    await waitFor(() =>
      expect(screen.getByTestId('roster-matched').textContent).toBe('2 students will be added'),
    );
    expect(screen.getByTestId('roster-unmatched').textContent).toContain('ST404');
    // No class chosen yet: nothing can be added.
    expect(screen.getByRole('button', { name: 'Add 2 students to the class' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
