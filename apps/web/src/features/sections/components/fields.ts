/** How one input of a section's form looks. Names are the contract's field names. */
export type FieldSpec =
  | {
      kind: 'text' | 'textarea' | 'url';
      name: string;
      label: string;
      required?: boolean;
      helper?: string;
      width?: 'half';
    }
  | { kind: 'month'; name: string; label: string; required?: boolean; width?: 'half' }
  | { kind: 'number'; name: string; label: string; helper?: string; width?: 'half'; step?: number }
  | {
      kind: 'select';
      name: string;
      label: string;
      required?: boolean;
      options: ReadonlyArray<{ value: string; label: string }>;
      width?: 'half';
      allowEmpty?: boolean;
    }
  | { kind: 'checkbox'; name: string; label: string }
  | { kind: 'tags'; name: string; label: string; helper?: string };

export const optionsFrom = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** An entry's values for the form: only the form's fields, with empty inputs where the entry has none. */
export function formValuesFor(fields: readonly FieldSpec[], entry: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = entry[field.name];
      switch (field.kind) {
        case 'select':
          return [field.name, value ?? null];
        case 'tags':
          return [field.name, Array.isArray(value) ? value : []];
        case 'checkbox':
          return [field.name, Boolean(value)];
        default:
          return [field.name, value ?? ''];
      }
    }),
  );
}
