import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MasterKind } from '../../../domain/master-kind';
import type { MasterDocType } from '../../db/master-schema';
import { MasterFormDialog } from './master-form-dialog';

const STORED: MasterDocType = {
  id: 'room-1',
  kind: MasterKind.rooms,
  name: 'Room 101',
  universityId: null,
  facultyId: null,
  subjectNameId: null,
  color: null,
  startDate: null,
  endDate: null,
  updatedAt: 1,
};

/** The same room as another admin renamed it while this dialog was open. */
const RENAMED: MasterDocType = { ...STORED, name: 'Room 101 (east)', updatedAt: 2 };

function dialog(row: MasterDocType) {
  return (
    <I18nProvider i18n={i18n}>
      <MasterFormDialog
        kind={MasterKind.rooms}
        title="Edit"
        row={row}
        open
        onClose={() => {}}
        onSaved={() => {}}
      />
    </I18nProvider>
  );
}

const nameField = () => screen.getByLabelText('Name', { exact: false }) as HTMLInputElement;

describe('the master row dialog over a row that changes while it is open', () => {
  it('keeps what the admin typed and says the row changed meanwhile', () => {
    const { rerender } = render(dialog(STORED));
    fireEvent.change(nameField(), { target: { value: 'Room 102' } });

    rerender(dialog(RENAMED));

    expect(nameField().value).toBe('Room 102');
    expect(screen.getByRole('status').textContent).toContain('changed meanwhile');
    fireEvent.click(screen.getByRole('button', { name: 'Load the new version' }));
    expect(nameField().value).toBe('Room 101 (east)');
  });

  it('takes the changed row silently while the admin has typed nothing', () => {
    const { rerender } = render(dialog(STORED));
    rerender(dialog(RENAMED));
    expect(nameField().value).toBe('Room 101 (east)');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
