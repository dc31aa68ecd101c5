import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUICK_START_ACCOUNTS } from './accounts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the quick start', () => {
  it('lists in the README the very accounts a first start prints', () => {
    const table = README.slice(README.indexOf('### Demo accounts'), README.indexOf('## Configuration'));
    const listed = [...table.matchAll(/^\| `([^`]+@demo\.test)` \|/gm)].map((match) => match[1]);
    expect(listed).toEqual(QUICK_START_ACCOUNTS.map((account) => account.email));
  });

  it('describes the product itself, pointing to no document outside the project', () => {
    expect(README).not.toMatch(/\.\.\/shared\//);
  });
});
