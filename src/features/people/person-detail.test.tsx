import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../domain/errors';
import type { CallResult } from '../../api/call-api';
import { PersonDetailFrame } from './person-detail';

const NO_NOTICE = { stale: false, at: null, failure: null };

function renderFrame(options: {
  name?: string;
  canEdit?: boolean;
  canDelete?: boolean;
  editing?: boolean;
  call?: () => Promise<CallResult<unknown>>;
}) {
  const notify = vi.fn();
  const onDeleted = vi.fn();
  const onEdit = vi.fn();
  const call = vi.fn(options.call ?? (async () => ({ ok: true as const, value: null })));
  render(
    <I18nProvider i18n={i18n}>
      <PersonDetailFrame
        name={options.name}
        title="Teacher"
        view={NO_NOTICE}
        canEdit={options.canEdit ?? true}
        canDelete={options.canDelete ?? true}
        editing={options.editing ?? false}
        onEdit={onEdit}
        deletion={{ call, description: 'Kept in history.', done: 'The teacher was deleted.' }}
        notify={notify}
        onDeleted={onDeleted}
      >
        <p>details</p>
      </PersonDetailFrame>
    </I18nProvider>,
  );
  return { notify, onDeleted, onEdit, call };
}

describe("a person's detail screen frame", () => {
  it('titles the screen with the kind of person until the record comes, with no actions yet', () => {
    renderFrame({});
    expect(screen.getByRole('heading', { level: 1, name: 'Teacher' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('details')).toBeTruthy();
  });

  it('offers only the actions the viewer may take, and none while editing', () => {
    renderFrame({ name: 'Sato', canDelete: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Sato' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('hides the actions while the form is open', () => {
    renderFrame({ name: 'Sato', editing: true });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes only once confirmed, says so and leaves the screen', async () => {
    const { call, notify, onDeleted } = renderFrame({ name: 'Sato' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Sato?' });
    expect(dialog.textContent).toContain('Kept in history.');
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(call).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({ tone: 'success', title: 'The teacher was deleted.' });
  });

  it('keeps the screen and words the refusal when the server says no', async () => {
    const { notify, onDeleted } = renderFrame({
      name: 'Sato',
      call: async () => ({ ok: false, failure: { code: ErrorCode.forbidden } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify.mock.calls[0]?.[0]).toMatchObject({ tone: 'error' });
    expect(notify.mock.calls[0]?.[0].title).not.toBe(ErrorCode.forbidden);
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
