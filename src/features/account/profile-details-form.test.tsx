import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '../../../domain/roles';
import type { Profile } from '../../../domain/schemas/auth-account';
import { DetailsForm } from './profile-screen';

const READ: Profile = {
  id: 'user-1',
  email: 'teacher@demo.test',
  name: 'Hayashi Aoi',
  name_kana: null,
  phone: null,
  avatar: null,
  role: Role.teacher,
};

/** The profile as read again after the user changed their phone number on another device. */
const CHANGED_ELSEWHERE: Profile = { ...READ, phone: '090-1234-5678' };

function form(profile: Profile) {
  return (
    <I18nProvider i18n={i18n}>
      <DetailsForm profile={profile} notify={() => {}} onSaved={() => {}} />
    </I18nProvider>
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('the profile details over a profile read again while the user types', () => {
  it('keeps the typed name and says the profile changed meanwhile', () => {
    const { rerender } = render(form(READ));
    fireEvent.change(field('Full name'), { target: { value: 'Hayashi Aoi (Ms)' } });

    rerender(form(CHANGED_ELSEWHERE));

    expect(field('Full name').value).toBe('Hayashi Aoi (Ms)');
    expect(field('Phone number').value).toBe('');
    expect(screen.getByRole('status').textContent).toContain('changed meanwhile');
    fireEvent.click(screen.getByRole('button', { name: 'Load the new version' }));
    expect(field('Phone number').value).toBe('090-1234-5678');
  });

  it('shows the read again profile when nothing was typed', () => {
    const { rerender } = render(form(READ));
    rerender(form(CHANGED_ELSEWHERE));
    expect(field('Phone number').value).toBe('090-1234-5678');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses an empty name with the field named, and sends nothing', () => {
    render(form(READ));
    fireEvent.change(field('Full name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(field('Full name').getAttribute('aria-invalid')).toBe('true');
  });
});
