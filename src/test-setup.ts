import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Components render their English source strings in tests; catalogs are checked by `lingui compile --strict`.
i18n.loadAndActivate({ locale: 'en', messages: {} });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
