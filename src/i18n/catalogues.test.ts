import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from './i18n';

const signIn = msg`Sign in`.id;
const dashboard = msg`Dashboard`.id;

describe('loadCatalog', () => {
  it('gives a signed-out page the words of the screens before sign-in only', async () => {
    const messages = await loadCatalog('ja', false);
    expect(messages[signIn]).toBeDefined();
    expect(messages[dashboard]).toBeUndefined();
  });

  it('gives a signed-in page the words of the whole app, in each language', async () => {
    for (const locale of ['ja', 'vi', 'en'] as const) {
      const messages = await loadCatalog(locale, true);
      expect(messages[signIn]).toBeDefined();
      expect(messages[dashboard]).toBeDefined();
    }
  });
});
