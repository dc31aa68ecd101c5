import { useState } from 'react';

/** A form's values over a record that may change while it is open (a live query, an online view re-read). */
export interface LiveForm<V> {
  /** The form's values: null until the record is first loaded. */
  values: V | null;
  /** Changes the values: the user's own edits. From then on a changed record never replaces them. */
  setValues: (next: V | ((current: V) => V)) => void;
  /** Whether the user has changed the values since they were taken from the record. */
  touched: boolean;
  /** The record changed after the user began editing: the form shows a note instead of replacing the values. */
  changedMeanwhile: boolean;
  /** Takes the record as it is now, dropping the user's edits (the note's "reload"). */
  reload: () => void;
  /** Keeps the user's edits over the changed record, and hides the note until it changes again. */
  keepMine: () => void;
  /** After a save: the values as saved are the form's new starting point (untouched again). */
  markSaved: () => void;
}

type State<R, V> = { base: R; values: V; touched: boolean };

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one rule for a form whose starting values come from a record that can change under it (issue 42): no
 * change of the record ever replaces what the user typed. The first loaded record fills the form; a later
 * change fills it too only while the user has not touched it; once touched, the form keeps the user's values
 * and `changedMeanwhile` asks the screen to show a note (reload / keep mine, `ChangedMeanwhileNote`).
 * `record` is undefined while it loads (a screen whose record is gone shows that instead of the form).
 * Records are compared by what the form shows of them (`same`; by default the JSON of `valuesOf`): a live
 * query hands a new object on every emit, and a change of a field the form does not show is no change to it.
 */
export function useLiveForm<R, V>(
  record: R | undefined,
  valuesOf: (record: R) => V,
  same: (a: R, b: R) => boolean = (a, b) => sameJson(valuesOf(a), valuesOf(b)),
): LiveForm<V> {
  const [state, setState] = useState<State<R, V> | null>(null);
  let current = state;
  // Adjusted while rendering (not in an effect), so the form never paints the old record's values after the
  // new one came, nor a frame without values once the record is here.
  if (record !== undefined) {
    if (current === null || (!current.touched && !same(current.base, record))) {
      current = { base: record, values: valuesOf(record), touched: false };
      setState(current);
    } else if (current.touched && !same(current.base, record) && sameJson(valuesOf(record), current.values)) {
      // The record now holds what the user has (their own save came back): nothing is left to tell them.
      current = { base: record, values: current.values, touched: false };
      setState(current);
    }
  }
  const changedMeanwhile = current?.touched === true && record !== undefined && !same(current.base, record);
  return {
    values: current?.values ?? null,
    touched: current?.touched ?? false,
    changedMeanwhile,
    setValues: (next) =>
      setState((previous) => {
        if (previous === null) return previous;
        const values = typeof next === 'function' ? (next as (current: V) => V)(previous.values) : next;
        return { ...previous, values, touched: true };
      }),
    reload: () => {
      if (record === undefined) return;
      setState({ base: record, values: valuesOf(record), touched: false });
    },
    keepMine: () => {
      if (record === undefined) return;
      setState((previous) => (previous === null ? previous : { ...previous, base: record }));
    },
    markSaved: () => setState((previous) => (previous === null ? previous : { ...previous, touched: false })),
  };
}
