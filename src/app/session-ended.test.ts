import { describe, expect, it } from 'vitest';
import { forgetSessionEnded, readSessionEnded, rememberSessionEnded } from './session-ended';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => values.set(key, value),
    removeItem: (key) => values.delete(key),
  };
}

describe('the ended-session notice', () => {
  it('keeps who was signed in and how many writes wait, until the user signs in again', () => {
    const storage = memoryStorage();
    expect(readSessionEnded(storage)).toBeNull();
    rememberSessionEnded(storage, { name: '田中 一郎', pending: 3 });
    expect(readSessionEnded(storage)).toEqual({ name: '田中 一郎', pending: 3 });
    forgetSessionEnded(storage);
    expect(readSessionEnded(storage)).toBeNull();
  });

  it('counts a stored value of another shape as no notice', () => {
    const storage = memoryStorage();
    storage.setItem('session_ended', '{"name":1}');
    expect(readSessionEnded(storage)).toBeNull();
    storage.setItem('session_ended', 'not json');
    expect(readSessionEnded(storage)).toBeNull();
  });
});
