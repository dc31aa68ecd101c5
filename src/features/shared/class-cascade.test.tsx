import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { masterRow } from '../../db/database-test-helper';
import { ClassCascadeFields } from './class-cascade';
import {
  chooseLevel,
  EMPTY_FILTER,
  filterOfClass,
  filterOptions,
  rememberClassId,
  rememberedClassId,
} from './class-filter';

describe('class filter', () => {
  const subjects = [
    {
      id: 's-1',
      kind: 'subject',
      subjectId: 's-1',
      universityId: 'u-1',
      facultyId: 'f-1',
      yearCodeId: 'y-1',
      subjectNameId: 'n-1',
      classNameId: null,
    },
    {
      id: 's-2',
      kind: 'subject',
      subjectId: 's-2',
      universityId: 'u-2',
      facultyId: 'f-2',
      yearCodeId: 'y-2',
      subjectNameId: 'n-2',
      classNameId: null,
    },
    {
      id: 'c-1',
      kind: 'class',
      subjectId: 's-1',
      universityId: 'u-1',
      facultyId: null,
      yearCodeId: null,
      subjectNameId: null,
      classNameId: 'cn-1',
    },
  ];
  const master = ['u-1', 'u-2', 'f-1', 'f-2', 'y-1', 'y-2', 'n-1', 'n-2', 'cn-1'].map((id) =>
    masterRow({ id, kind: 'universities', name: `name ${id}` }),
  );

  it('offers each level only what holds a subject under the choices above it, and clears lower levels on change', () => {
    const filter = filterOfClass('c-1', subjects);
    expect(filter).toEqual({
      universityId: 'u-1',
      facultyId: 'f-1',
      yearCodeId: 'y-1',
      subjectId: 's-1',
      classId: 'c-1',
    });
    if (!filter) return;
    const options = filterOptions(filter, subjects, master);
    expect(options.universityId.map((option) => option.value)).toEqual(['u-1', 'u-2']);
    expect(options.facultyId.map((option) => option.value)).toEqual(['f-1']);
    expect(options.subjectId).toEqual([{ value: 's-1', label: 'name n-1' }]);
    expect(options.classId).toEqual([{ value: 'c-1', label: 'name cn-1' }]);
    expect(chooseLevel(filter, 'facultyId', 'f-9')).toEqual({
      ...EMPTY_FILTER,
      universityId: 'u-1',
      facultyId: 'f-9',
    });
  });

  it('remembers the last class chosen, and ignores a damaged entry', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(rememberedClassId(storage)).toBeNull();
    rememberClassId(storage, 'c-1');
    expect(rememberedClassId(storage)).toBe('c-1');
    store.set('subject-class-filter', '{oops');
    expect(rememberedClassId(storage)).toBeNull();
  });

  it('shows the whole cascade of the screen’s class, clears the levels under a change, and opens a chosen class', () => {
    const onChooseClass = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <ClassCascadeFields sources={{ subjects, master }} classId="c-1" onChooseClass={onChooseClass} />
      </I18nProvider>,
    );
    const field = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
    expect(
      ['University', 'Faculty', 'Year code', 'Subject', 'Class'].map((name) => field(name).value),
    ).toEqual(['u-1', 'f-1', 'y-1', 's-1', 'c-1']);

    fireEvent.change(field('University'), { target: { value: 'u-2' } });
    expect(field('Faculty').value).toBe('');
    expect(field('Class').value).toBe('');
    expect([...field('Faculty').options].map((option) => option.value)).toEqual(['', 'f-2']);
    expect(onChooseClass).not.toHaveBeenCalled();

    fireEvent.change(field('University'), { target: { value: 'u-1' } });
    fireEvent.change(field('Faculty'), { target: { value: 'f-1' } });
    fireEvent.change(field('Year code'), { target: { value: 'y-1' } });
    fireEvent.change(field('Subject'), { target: { value: 's-1' } });
    fireEvent.change(field('Class'), { target: { value: 'c-1' } });
    expect(onChooseClass).toHaveBeenCalledWith('c-1');
  });

  it('on a phone names the chosen class in one line, and its button reopens the cascade until a class is chosen', () => {
    const onChooseClass = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <ClassCascadeFields
          sources={{ subjects, master }}
          classId="c-1"
          onChooseClass={onChooseClass}
          compact
        />
      </I18nProvider>,
    );
    const chosen = screen.getByRole('region', { name: 'Chosen class' });
    expect(chosen.textContent).toContain('name n-1 · name cn-1');
    expect(chosen.textContent).toContain('name u-1 / name f-1 / name y-1');
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Change class' }));
    expect(screen.getAllByRole('combobox')).toHaveLength(5);
    fireEvent.change(screen.getByRole('combobox', { name: 'Class' }), { target: { value: 'c-1' } });
    expect(onChooseClass).toHaveBeenCalledWith('c-1');
    expect(screen.getByRole('region', { name: 'Chosen class' })).toBeTruthy();
  });
});
