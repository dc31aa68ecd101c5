import { describe, expect, it } from 'vitest';
import { syncEventSchema } from './protocol';

describe('the first sync report from the worker', () => {
  const report = (collections: unknown[]) => ({ type: 'firstSync', payload: { collections } });

  it('is taken with each collection’s progress', () => {
    const event = report([
      { collection: 'master', pulled: 120, total: 120, done: true },
      { collection: 'attendance', pulled: 2140, total: 4146, done: false },
      { collection: 'lessons', pulled: 0, total: null, done: false },
    ]);
    expect(syncEventSchema.parse(event)).toEqual(event);
  });

  it('is dropped when it names a collection the app does not replicate or counts below zero', () => {
    expect(
      syncEventSchema.safeParse(report([{ collection: 'outbox', pulled: 0, total: 0, done: true }])).success,
    ).toBe(false);
    expect(
      syncEventSchema.safeParse(report([{ collection: 'master', pulled: -1, total: 3, done: false }]))
        .success,
    ).toBe(false);
    expect(
      syncEventSchema.safeParse(report([{ collection: 'master', pulled: 1, done: false }])).success,
    ).toBe(false);
  });
});
