import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LeaveGuard, useConfirmLeave } from './leave-guard';
import { createUnsavedChangesStore, useUnsavedChanges } from './unsaved-changes';

const store = createUnsavedChangesStore();

/** A real form: typing makes it dirty, saving makes it clean. */
function NoteForm() {
  const [saved, setSaved] = useState('');
  const [value, setValue] = useState('');
  useUnsavedChanges(value !== saved, store);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(value);
      }}
    >
      <label>
        Note
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

function LogoutButton({ onLogout }: { onLogout: () => void }) {
  const confirmLeave = useConfirmLeave();
  return (
    <button type="button" onClick={() => confirmLeave(onLogout)}>
      Log out
    </button>
  );
}

function renderApp(onLogout = vi.fn()) {
  store.clear();
  const root = createRootRoute({
    component: () => (
      <LeaveGuard store={store}>
        <nav>
          <Link to="/">Home</Link>
          <Link to="/master-setting">Form</Link>
          <LogoutButton onLogout={onLogout} />
        </nav>
        <Outlet />
      </LeaveGuard>
    ),
  });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home page</h1> });
  // Paths of the app's registered route tree keep Link typed; the screen under them is the test's own form.
  const form = createRoute({ getParentRoute: () => root, path: '/master-setting', component: NoteForm });
  // The browser back button is blocked by the browser history's popstate handling, which a memory history
  // does not have; tests/e2e/shell.spec.ts proves it in Chromium.
  const history = createMemoryHistory({ initialEntries: ['/', '/master-setting'] });
  const router = createRouter({ routeTree: root.addChildren([home, form]), history });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { router, onLogout };
}

async function typeNote() {
  fireEvent.change(await screen.findByLabelText('Note'), { target: { value: 'draft' } });
}

describe('unsaved-edits guard', () => {
  it('lets navigation through while the form is clean', async () => {
    const { router } = renderApp();
    await screen.findByLabelText('Note');
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks before a menu link leaves a dirty form; cancel stays', async () => {
    const { router } = renderApp();
    await typeNote();
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/master-setting');
    expect(screen.getByLabelText<HTMLInputElement>('Note').value).toBe('draft');
  });

  it('proceeds and forgets the edits on confirm', async () => {
    const { router } = renderApp();
    await typeNote();
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(router.state.location.pathname).toBe('/');
    expect(store.isDirty()).toBe(false);
  });

  it('asks before logging out; cancel keeps the session, confirm logs out', async () => {
    const { onLogout } = renderApp();
    await typeNote();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    expect(onLogout).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('stops asking once the form is saved', async () => {
    const { router } = renderApp();
    await typeNote();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(router.state.location.pathname).toBe('/');
  });
});
