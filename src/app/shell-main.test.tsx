import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProvideDatabase } from '../db/database-context';
import { openTestDatabase } from '../db/database-test-helper';
import type { SchoolDatabase } from '../db/open-database';
import { markFirstPullDone } from '../db/sync-state';
import { ShellMain } from './shell-layout';

let database: SchoolDatabase | undefined;

afterEach(async () => {
  await database?.remove();
  database = undefined;
});

describe("the screen's main region", () => {
  it('is busy until this device holds the master data, then no longer', async () => {
    database = await openTestDatabase('shell-main');
    render(
      <ProvideDatabase database={database}>
        <ShellMain className="p-4">a screen</ShellMain>
      </ProvideDatabase>,
    );
    const main = screen.getByRole('main');
    expect(main.getAttribute('aria-busy')).toBe('true');
    await markFirstPullDone(database, 'master');
    await waitFor(() => expect(main.hasAttribute('aria-busy')).toBe(false));
    expect(main.textContent).toBe('a screen');
  });
});
