import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PickableTeacher, TeacherChecks } from './teacher-checks';

const TEACHERS: PickableTeacher[] = [
  { id: 'staying', name: 'Staying', retireAt: null },
  { id: 'leaving', name: 'Leaving', retireAt: '2026-12-01' },
  { id: 'gone', name: 'Gone', retireAt: '2026-09-30' },
];

function renderChecks(day: string, chosen: string[]): void {
  render(
    <I18nProvider i18n={i18n}>
      <TeacherChecks teachers={TEACHERS} chosen={chosen} day={day} onChange={() => {}} />
    </I18nProvider>,
  );
}

function labels(): string[] {
  return [...document.querySelectorAll('label')].map((label) => label.textContent ?? '');
}

describe('the teacher checks of a class or a sitting', () => {
  it('offers only the teachers who still teach on the day: one retiring on the day itself is left out', () => {
    renderChecks('2026-12-01', []);
    expect(labels()).toEqual(['Staying']);
  });

  it('offers a teacher retiring later, up to the day before', () => {
    renderChecks('2026-11-30', []);
    expect(labels()).toEqual(['Staying', 'Leaving']);
  });

  it('keeps a retired teacher already chosen, marked retired, so the choice can be seen and taken off', () => {
    renderChecks('2026-12-01', ['gone']);
    expect(labels()).toEqual(['Staying', 'Gone (retired)']);
    expect(screen.getByRole('checkbox', { checked: true })).toBeTruthy();
  });

  it("tells namesakes of one reading apart by the e-mail a staff viewer's device holds (issue 42 row 9)", () => {
    render(
      <I18nProvider i18n={i18n}>
        <TeacherChecks
          teachers={[
            {
              id: 'a',
              name: '林 葵',
              nameKana: 'ハヤシ アオイ',
              email: 'hayashi.a@school.test',
              retireAt: null,
            },
            { id: 'b', name: '林 葵', nameKana: 'ハヤシ アオイ', email: 'aoi.h@school.test', retireAt: null },
            {
              id: 'c',
              name: '林 葵',
              nameKana: 'ハヤシ アオイ',
              email: 'hayashi3@school.test',
              retireAt: null,
            },
            { id: 'd', name: '森 光', nameKana: 'モリ ヒカル', email: 'mori@school.test', retireAt: null },
          ]}
          chosen={[]}
          day="2026-04-01"
          onChange={() => {}}
        />
      </I18nProvider>,
    );
    expect(labels()).toEqual([
      '林 葵 · hayashi.a@school.test',
      '林 葵 · aoi.h@school.test',
      '林 葵 · hayashi3@school.test',
      '森 光',
    ]);
  });

  it('tells teachers of one name apart by their kana reading, and leaves unique names bare', () => {
    render(
      <I18nProvider i18n={i18n}>
        <TeacherChecks
          teachers={[
            { id: 'a', name: '林 葵', nameKana: 'はやし あおい', retireAt: null },
            { id: 'b', name: '林 葵', nameKana: 'はやし まもる', retireAt: null },
            { id: 'c', name: '森 光', nameKana: 'もり ひかる', retireAt: null },
          ]}
          chosen={[]}
          day="2026-04-01"
          onChange={() => {}}
        />
      </I18nProvider>,
    );
    expect(labels()).toEqual(['林 葵 · はやし あおい', '林 葵 · はやし まもる', '森 光']);
  });
});
