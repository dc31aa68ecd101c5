import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CopyRow,
  changePasswordSchema,
  copyFormHasErrors,
  copyRowPayload,
  countSchema,
  duplicateNameIndexes,
  emailSchema,
  isDateWithinPeriod,
  isOnTimeStep,
  isPhoneNumber,
  isZipContainer,
  keepAvailableTeachers,
  lateMinutesSchema,
  minutesSchema,
  nameKanaSchema,
  noteContentSchema,
  overviewSchema,
  parsePoint,
  passwordPairSchema,
  passwordSchema,
  pointInputSchema,
  pointValueSchema,
  requestContentSchema,
  tableOfContentsSchema,
  teachersAvailableOn,
  uniqueNames,
  validateAvatarFile,
  validateCopyRow,
  validateDateInPeriod,
  validateDateRange,
  validateImportFile,
  validateImportSize,
  validatePoint,
  validateTimeRange,
} from './validation';

function codes(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('password', () => {
  it('accepts 8 to 24 half-width characters mixing two kinds', () => {
    expect(passwordSchema.safeParse('abcd1234').success).toBe(true);
    expect(passwordSchema.safeParse('abcdefg!').success).toBe(true);
    expect(passwordSchema.safeParse('12345678#').success).toBe(true);
    expect(passwordSchema.safeParse(`a1${'x'.repeat(22)}`).success).toBe(true);
  });

  it('names the length that is wrong', () => {
    expect(codes(passwordSchema.safeParse('ab12'))).toEqual(['password_too_short']);
    expect(codes(passwordSchema.safeParse(`a1${'x'.repeat(23)}`))).toEqual(['password_too_long']);
    expect(codes(passwordSchema.safeParse(''))[0]).toBe('required');
  });

  it('needs two of letters, digits and symbols', () => {
    expect(codes(passwordSchema.safeParse('abcdefgh'))).toEqual(['password_needs_two_kinds']);
    expect(codes(passwordSchema.safeParse('12345678'))).toEqual(['password_needs_two_kinds']);
  });

  it('refuses full-width characters and spaces', () => {
    expect(codes(passwordSchema.safeParse('ａｂｃ12345'))).toContain('password_half_width_only');
    expect(codes(passwordSchema.safeParse('abc 12345'))).toContain('password_half_width_only');
  });

  it('reports a confirmation that does not match on the confirmation field', () => {
    const result = passwordPairSchema.safeParse({ password: 'abcd1234', password_confirmation: 'abcd1235' });
    expect(result.error?.issues).toMatchObject([
      { path: ['password_confirmation'], message: 'password_confirmation_mismatch' },
    ]);
    const change = changePasswordSchema.safeParse({
      current_password: 'old',
      password: 'short1',
      password_confirmation: 'other',
    });
    expect(codes(change)).toEqual(['password_too_short', 'password_confirmation_mismatch']);
  });
});

describe('avatar', () => {
  it('accepts png and jpeg up to 4 MB', () => {
    expect(validateAvatarFile({ name: 'me.PNG', type: 'image/png', size: 4 * 1024 * 1024 })).toEqual([]);
    expect(validateAvatarFile({ name: 'me.jpeg', type: 'image/jpeg', size: 10 })).toEqual([]);
  });

  it('refuses other types, renamed files and files over 4 MB', () => {
    expect(validateAvatarFile({ name: 'me.gif', type: 'image/gif', size: 10 })).toEqual(['avatar_type']);
    expect(validateAvatarFile({ name: 'me.png', type: 'image/gif', size: 10 })).toEqual(['avatar_type']);
    expect(validateAvatarFile({ name: 'me.jpg', type: 'image/jpeg', size: 4 * 1024 * 1024 + 1 })).toEqual([
      'avatar_too_large',
    ]);
  });
});

describe('contact details and text limits', () => {
  it('accepts Japanese and Vietnamese phone numbers', () => {
    for (const phone of ['090-1234-5678', '03-1234-5678', '0912345678', '+84912345678', '+81-90-1234-5678']) {
      expect(isPhoneNumber(phone)).toBe(true);
    }
  });

  it('refuses phone numbers with too few or too many digits, letters, spaces or stray hyphens', () => {
    for (const phone of [
      '090-123-456',
      '1234567890123456',
      '090 1234 5678',
      '090--1234-5678',
      '-0901234567',
      '09O1234567',
    ]) {
      expect(isPhoneNumber(phone)).toBe(false);
    }
  });

  it('checks email format after trimming', () => {
    expect(emailSchema.parse('  a@example.com ')).toBe('a@example.com');
    expect(codes(emailSchema.safeParse('not-an-email'))).toEqual(['invalid_email']);
  });

  it('enforce the SPEC lengths at their exact boundaries', () => {
    const cases: [z.ZodType<string>, number][] = [
      [nameKanaSchema, 127],
      [noteContentSchema, 3000],
      [tableOfContentsSchema, 50],
      [overviewSchema, 300],
      [requestContentSchema, 500],
    ];
    for (const [schema, max] of cases) {
      expect(schema.safeParse('あ'.repeat(max)).success).toBe(true);
      expect(codes(schema.safeParse('あ'.repeat(max + 1)))).toEqual(['too_long']);
    }
    expect(codes(requestContentSchema.safeParse('  '))).toEqual(['required']);
  });
});

describe('numbers', () => {
  it('accepts lesson minutes 0 to 300 as integers', () => {
    expect(minutesSchema.safeParse(0).success).toBe(true);
    expect(minutesSchema.safeParse(300).success).toBe(true);
    expect(codes(minutesSchema.safeParse(301))).toEqual(['too_large']);
    expect(codes(minutesSchema.safeParse(-1))).toEqual(['too_small']);
    expect(codes(minutesSchema.safeParse(1.5))).toEqual(['not_integer']);
  });

  it('accepts late minutes from 1 to the documented maximum of 300', () => {
    expect(lateMinutesSchema.safeParse(1).success).toBe(true);
    expect(codes(lateMinutesSchema.safeParse(0))).toEqual(['too_small']);
    expect(codes(lateMinutesSchema.safeParse(301))).toEqual(['too_large']);
  });

  it('accepts counts of at most 10 digits and at least the minimum', () => {
    expect(countSchema(1).safeParse(9_999_999_999).success).toBe(true);
    expect(codes(countSchema(1).safeParse(10_000_000_000))).toEqual(['too_many_digits']);
    expect(codes(countSchema(1).safeParse(0))).toEqual(['too_small']);
  });
});

describe('points', () => {
  it('reads blank as not entered and keeps zero', () => {
    expect(parsePoint('')).toEqual({ ok: true, value: null });
    expect(parsePoint('  ')).toEqual({ ok: true, value: null });
    expect(parsePoint('0')).toEqual({ ok: true, value: 0 });
    expect(pointInputSchema.parse('0')).toBe(0);
  });

  it('accepts up to two decimals and full-width digits', () => {
    expect(parsePoint('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parsePoint('８７．２５')).toEqual({ ok: true, value: 87.25 });
    expect(parsePoint('1.234')).toEqual({ ok: false, code: 'too_many_decimals' });
  });

  it('refuses negative and non-numeric input', () => {
    expect(parsePoint('-1')).toEqual({ ok: false, code: 'negative_not_allowed' });
    expect(parsePoint('abc')).toEqual({ ok: false, code: 'invalid_number' });
    expect(parsePoint('1e3')).toEqual({ ok: false, code: 'invalid_number' });
  });

  it('refuses a score above the full score and allows exactly the full score', () => {
    expect(validatePoint('100', 100)).toBeNull();
    expect(validatePoint('100.01', 100)).toBe('score_above_full');
    expect(validatePoint('', 100)).toBeNull();
  });

  it('reads back every non-negative two-decimal number it is given as text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (hundredths) => {
        const value = hundredths / 100;
        expect(parsePoint(String(value))).toEqual({ ok: true, value });
        expect(pointValueSchema.safeParse(value).success).toBe(true);
      }),
    );
  });
});

describe('ranges and periods', () => {
  it('wants times that end strictly after they start', () => {
    expect(validateTimeRange('09:00', '09:05')).toBeNull();
    expect(validateTimeRange('09:00', '09:00')).toBe('end_before_start');
    expect(validateTimeRange('10:00', '09:55')).toBe('end_before_start');
  });

  it('allows a date range of one day but not one that ends before it starts', () => {
    expect(validateDateRange('2025-04-01', '2025-04-01')).toBeNull();
    expect(validateDateRange('2025-04-02', '2025-04-01')).toBe('end_before_start');
  });

  it('keeps dates within the subject period, both ends included', () => {
    const period = { start_date: '2025-04-01', end_date: '2025-07-31 00:00:00' };
    expect(isDateWithinPeriod('2025-04-01', period)).toBe(true);
    expect(isDateWithinPeriod('2025-07-31', period)).toBe(true);
    expect(validateDateInPeriod('2025-03-31', period)).toBe('date_outside_subject_period');
    expect(validateDateInPeriod('2025-08-01', period)).toBe('date_outside_subject_period');
    expect(isDateWithinPeriod('2030-01-01', { start_date: '2025-04-01', end_date: null })).toBe(true);
  });
});

describe('duplicate names', () => {
  it('flag later repeats, ignoring case, width and surrounding spaces', () => {
    expect(duplicateNameIndexes(['Quiz', ' quiz ', 'ＱＵＩＺ', 'Test', '', ''])).toEqual([1, 2]);
    expect(duplicateNameIndexes(['ﾃｽﾄ', 'テスト'])).toEqual([1]);
  });

  it('add duplicate_name on the repeated row of a list schema', () => {
    const schema = uniqueNames(z.array(z.object({ name: z.string() })));
    const result = schema.safeParse([{ name: 'A' }, { name: 'b' }, { name: 'a' }]);
    expect(result.error?.issues).toMatchObject([{ path: [2, 'name'], message: 'duplicate_name' }]);
  });
});

describe('achievement import', () => {
  it('accepts only xlsx files', () => {
    expect(
      validateImportFile({
        name: 'scores.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).toBeNull();
    expect(validateImportFile({ name: 'scores.XLSX', type: '' })).toBeNull();
    expect(validateImportFile({ name: 'scores.xls', type: 'application/vnd.ms-excel' })).toBe(
      'import_not_xlsx',
    );
    expect(validateImportFile({ name: 'scores.xlsx', type: 'text/csv' })).toBe('import_not_xlsx');
    expect(isZipContainer(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(isZipContainer(new Uint8Array([0x25, 0x50]))).toBe(false);
  });

  it('allows 50 students and 30 score columns, no more', () => {
    expect(validateImportSize(50, 30)).toEqual([]);
    expect(validateImportSize(51, 31)).toEqual(['import_too_many_students', 'import_too_many_columns']);
  });
});

describe('copy-subject rows', () => {
  const row = (overrides: Partial<CopyRow> = {}): CopyRow => ({
    selected: true,
    day: '2025-04-07',
    start_time: '09:00',
    end_time: '10:30',
    teacherChecked: true,
    teacher_ids: ['t1'],
    roomChecked: true,
    room_id: 'r1',
    ...overrides,
  });

  it('a complete row has no errors', () => {
    expect(validateCopyRow(row())).toEqual({});
  });

  it('an unticked row is not checked', () => {
    expect(validateCopyRow(row({ selected: false, day: null, start_time: null }))).toEqual({});
  });

  it('names each missing field with its own code', () => {
    expect(
      validateCopyRow(row({ day: null, start_time: null, end_time: null, teacher_ids: [], room_id: null })),
    ).toEqual({
      day: 'i2-10_schedule_required',
      start_time: 'l2-1_start_time_required',
      end_time: 'l2-1_end_time_required',
      teacher_id: 'i2-10_teacher_required',
      room_id: 'i2-10_room_required',
    });
  });

  it('wants the end later than the start', () => {
    expect(validateCopyRow(row({ end_time: '09:00' }))).toEqual({ end_time: 'l2-1_invalid_time_range' });
  });

  it('needs no teacher or room when their boxes are unticked, and then sends [] and null', () => {
    const unticked = row({ teacherChecked: false, teacher_ids: [], roomChecked: false, room_id: null });
    expect(validateCopyRow(unticked)).toEqual({});
    const stale = row({ teacherChecked: false, roomChecked: false });
    expect(
      copyRowPayload(
        { ...stale, day: '2025-04-07', start_time: '09:00', end_time: '10:30' },
        { class_name_id: 'c', suggest_date: 2 },
      ),
    ).toEqual({
      day: '2025-04-07',
      start_time: '09:00',
      end_time: '10:30',
      teacher_id: [],
      room_id: null,
      class_name_id: 'c',
      suggest_date: 2,
    });
  });

  it('disables the buttons while any row has an error', () => {
    expect(copyFormHasErrors([row(), row({ selected: false, day: null })])).toBe(false);
    expect(copyFormHasErrors([row(), row({ end_time: null })])).toBe(true);
  });

  it('offers only teachers not retired on or before the date and drops the others', () => {
    const teachers = [
      { id: 'active', deactive: null },
      { id: 'retires-later', deactive: { retire_at: '2025-04-08 00:00:00' } },
      { id: 'retires-that-day', deactive: { retire_at: '2025-04-07' } },
      { id: 'retired', deactive: { retire_at: '2025-03-31' } },
    ];
    expect(teachersAvailableOn(teachers, '2025-04-07').map((teacher) => teacher.id)).toEqual([
      'active',
      'retires-later',
    ]);
    expect(keepAvailableTeachers(['retired', 'active'], teachers, '2025-04-07')).toEqual(['active']);
  });

  it('times sit on the 5-minute step', () => {
    expect(isOnTimeStep('09:05')).toBe(true);
    expect(isOnTimeStep('09:07')).toBe(false);
  });
});
