import { describe, expect, it, vi } from 'vitest';
import { createUnsavedChangesStore, whenNothingUnsaved } from './unsaved-changes';

describe('what waits for unsaved edits (the reload that runs a new build)', () => {
  it('runs at once when no form holds unsaved edits', () => {
    const reload = vi.fn();
    whenNothingUnsaved(reload, createUnsavedChangesStore());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never runs over a form’s unsaved edits: it waits until they are saved or left, then runs once', () => {
    const store = createUnsavedChangesStore();
    store.setDirty('lesson-form', true);
    const reload = vi.fn();
    whenNothingUnsaved(reload, store);
    expect(reload).not.toHaveBeenCalled();

    store.setDirty('other-form', true);
    store.setDirty('lesson-form', false);
    expect(reload).not.toHaveBeenCalled();

    store.setDirty('other-form', false);
    expect(reload).toHaveBeenCalledTimes(1);
    store.setDirty('lesson-form', true);
    store.setDirty('lesson-form', false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
