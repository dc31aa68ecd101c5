import type { ChangeEvent } from 'react';

/** The fields of a form's values that hold text: what a text, number, select or text-area control edits. */
type TextFieldOf<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * Ties a form's text controls to its values: `field('name')` gives a TextField, NumberField, SelectField or
 * TextAreaField the field's value, the refusal shown beside it and the edit that sets that field alone, so a
 * form names each field once instead of writing the value, the error and the change handler again for it.
 */
export function fieldBinder<V>(
  values: V,
  set: (patch: Partial<V>) => void,
  errorOf: (field: TextFieldOf<V>) => string | undefined,
) {
  return <K extends TextFieldOf<V>>(name: K) => ({
    value: values[name],
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const patch: Partial<V> = {};
      patch[name] = event.target.value as V[K];
      set(patch);
    },
  });
}
