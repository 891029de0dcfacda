import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useChipEntry } from '../../../../lib/chipEntry';

interface BaseProps {
  /** Dotted path in the editor's form, e.g. "form.sections.0.fields.2.label". */
  name: string;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  size?: 'small' | 'medium';
}

/** A text input bound to the editor form; its error shows under it. */
export function TextInput({
  name,
  label,
  helperText,
  required,
  size,
  multiline,
  minRows,
  rows,
  type = 'text',
  placeholder,
  emptyAs = '',
  onEnter,
}: BaseProps & {
  multiline?: boolean;
  minRows?: number;
  /** A fixed height: no measuring on every render, unlike a growing textarea. */
  rows?: number;
  type?: 'text' | 'url' | 'date';
  placeholder?: string;
  /** What an emptied input stores: '' for text, null for nullable values, undefined for optional settings. */
  emptyAs?: '' | null | undefined;
  onEnter?: () => void;
}) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => field.onChange(event.target.value === '' ? emptyAs : event.target.value)}
      onBlur={field.onBlur}
      onKeyDown={
        onEnter
          ? (event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                onEnter();
              }
            }
          : undefined
      }
      label={label}
      type={type}
      fullWidth
      size={size ?? 'medium'}
      required={required ?? false}
      multiline={multiline ?? false}
      {...(minRows ? { minRows } : {})}
      {...(rows ? { rows } : {})}
      {...(placeholder ? { placeholder } : {})}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
    />
  );
}

/** A number input: an emptied input stores `emptyAs` (null for nullable values, undefined for optional settings). */
export function NumberInput({
  name,
  label,
  helperText,
  required,
  size,
  emptyAs = null,
  min,
  max,
  step,
  scale = 1,
}: BaseProps & {
  emptyAs?: null | undefined;
  min?: number;
  max?: number;
  step?: number;
  /** The stored value is the shown value times this (e.g. megabytes shown, bytes stored). */
  scale?: number;
}) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const shown = typeof field.value === 'number' && Number.isFinite(field.value) ? field.value / scale : '';
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      type="number"
      value={shown}
      onChange={(event) => {
        const raw = event.target.value;
        if (raw === '') field.onChange(emptyAs);
        else {
          const parsed = Number(raw);
          // Scaled values (bytes from megabytes) are whole numbers.
          field.onChange(Number.isFinite(parsed) ? (scale === 1 ? parsed : Math.round(parsed * scale)) : emptyAs);
        }
      }}
      onBlur={field.onBlur}
      label={label}
      fullWidth
      size={size ?? 'medium'}
      required={required ?? false}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{ htmlInput: { min, max, step: step ?? 'any', inputMode: 'decimal' } }}
    />
  );
}

/** A list of short texts (or numbers) typed as chips: Enter or a comma adds one, and so does leaving the input. */
export function ChipsInput({ name, label, helperText, numeric = false, size }: BaseProps & { numeric?: boolean }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const values: (string | number)[] = Array.isArray(field.value) ? field.value : [];
  const itemError = Array.isArray(fieldState.error)
    ? fieldState.error.find((item) => item?.message)?.message
    : undefined;
  const error = fieldState.error?.message ?? itemError;
  const commit = (items: string[]) => {
    const cleaned = items.map((item) => item.trim()).filter((item) => item.length > 0);
    const next: (string | number)[] = numeric
      ? cleaned.map((item) => Number(item)).filter((n) => Number.isInteger(n))
      : cleaned;
    field.onChange([...new Set(next)]);
  };
  const entry = useChipEntry((texts) => commit([...values.map(String), ...texts]));
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={values.map(String)}
      onChange={(_event, value) => commit(value)}
      inputValue={entry.inputValue}
      onInputChange={entry.onInputChange}
      onKeyDown={entry.onKeyDown}
      onBlur={() => {
        entry.onBlur();
        field.onBlur();
      }}
      renderValue={(value, getItemProps) =>
        value.map((item, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={item} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          size={size ?? 'medium'}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, inputMode: numeric ? 'numeric' : 'text' },
          }}
        />
      )}
    />
  );
}
