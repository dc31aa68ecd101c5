import { describe, expect, it } from 'vitest';
import { cellsOfText, emptySheetRow, rowErrors, rowsOfCells, writeOfRow } from './student-sheet';

describe('bulk student sheet', () => {
  it('reads rows pasted from a spreadsheet, skipping the header', () => {
    const pasted =
      '学籍番号\t氏名\tカナ\tメール\t電話\tJLPT\t奨学金\nS1\t山田 太郎\tヤマダ\ttaro@x.test\t090-1111-2222\tN2\t○\n\nS2\t李\t\tli@x.test\t\t\t\n';
    const rows = rowsOfCells(cellsOfText(pasted));
    expect(rows.map(({ key: _key, ...row }) => row)).toEqual([
      {
        identity: 'S1',
        name: '山田 太郎',
        name_kana: 'ヤマダ',
        email: 'taro@x.test',
        phone: '090-1111-2222',
        jlpt: '2',
        scholarship: true,
        guardian_name: '',
        guardian_email: '',
        guardian_locale: '',
      },
      {
        identity: 'S2',
        name: '李',
        name_kana: '',
        email: 'li@x.test',
        phone: '',
        jlpt: '',
        scholarship: false,
        guardian_name: '',
        guardian_email: '',
        guardian_locale: '',
      },
    ]);
  });

  it('reads the guardian columns after the student, a language by its code or its name (issue 43)', () => {
    const pasted = [
      'S1\tA\t\ta@x.test\t\t\t\t山田 花子\thanako@x.test\t日本語',
      'S2\tB\t\tb@x.test\t\t\t\tNguyen Thi C\tc@x.test\tTiếng Việt',
      'S3\tC\t\tc3@x.test\t\t\t\tJo\tjo@x.test\tEN',
      'S4\tD\t\td@x.test\t\t\t\tKim\tkim@x.test\tkorean',
      'S5\tE\t\te@x.test',
    ].join('\n');
    const rows = rowsOfCells(cellsOfText(pasted));
    expect(rows.map((row) => [row.guardian_name, row.guardian_email, row.guardian_locale])).toEqual([
      ['山田 花子', 'hanako@x.test', 'ja'],
      ['Nguyen Thi C', 'c@x.test', 'vi'],
      ['Jo', 'jo@x.test', 'en'],
      ['Kim', 'kim@x.test', 'korean'],
      ['', '', ''],
    ]);
    const school = { university_id: 'u', faculty_id: 'f', year_code_id: 'y' };
    expect(writeOfRow(rows[0] ?? emptySheetRow(), school)).toMatchObject({
      guardian_name: '山田 花子',
      guardian_email: 'hanako@x.test',
      guardian_locale: 'ja',
    });
    expect(writeOfRow(rows[4] ?? emptySheetRow(), school)).toMatchObject({
      guardian_name: null,
      guardian_email: null,
      guardian_locale: null,
    });
  });

  it('reads a csv with quoted fields', () => {
    expect(cellsOfText('S1,"Nguyen, Van A",,a@x.test\r\nS2,"say ""hi""",,b@x.test')).toEqual([
      ['S1', 'Nguyen, Van A', '', 'a@x.test'],
      ['S2', 'say "hi"', '', 'b@x.test'],
    ]);
  });

  it('sends empty optional cells as null and places server errors on their rows', () => {
    const row = { ...emptySheetRow(), identity: 'S1', name: 'A', email: 'a@x.test', jlpt: '3' };
    const school = { university_id: 'u', faculty_id: 'f', year_code_id: 'y' };
    expect(writeOfRow(row, school)).toMatchObject({
      name_kana: null,
      phone: null,
      jlpt: 3,
      scholarship: false,
    });
    const other = emptySheetRow();
    const errors = rowErrors([row, other], { 'students.1.email': ['email_taken'], students: ['too_long'] });
    expect(errors.get(other.key)).toEqual({ email: 'email_taken' });
    expect(errors.has(row.key)).toBe(false);
  });
});
