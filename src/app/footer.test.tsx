import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

describe('the footer', () => {
  it('offers no feedback link when the build names no place for feedback, rather than an addressless mail', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Footer feedbackUrl={undefined} />
      </I18nProvider>,
    );
    expect(screen.queryByRole('link', { name: 'Send feedback' })).toBeNull();
    expect(screen.getByText(/Powered by/)).toBeTruthy();
  });

  it('links to the configured feedback page', () => {
    render(
      <I18nProvider i18n={i18n}>
        <Footer feedbackUrl="mailto:office@school.example?subject=Feedback" />
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'Send feedback' }).getAttribute('href')).toBe(
      'mailto:office@school.example?subject=Feedback',
    );
  });
});
