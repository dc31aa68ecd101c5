import { describe, expect, it } from 'vitest';
import { HOUR_OPTIONS, joinTime, minuteOptions, splitTime } from './time-options';

describe('time picker options', () => {
  it('offers minutes in 5-minute steps and every hour', () => {
    expect(minuteOptions()).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
    expect(HOUR_OPTIONS).toHaveLength(24);
    expect(HOUR_OPTIONS.at(-1)).toBe('23');
  });

  it('splits and joins HH:mm', () => {
    expect(splitTime('09:35')).toEqual({ hour: '09', minute: '35' });
    expect(splitTime('9:5')).toEqual({ hour: '', minute: '' });
    expect(joinTime('09', '35')).toBe('09:35');
    expect(joinTime('09', '')).toBe('09:00');
    expect(joinTime('', '35')).toBe('');
  });
});
