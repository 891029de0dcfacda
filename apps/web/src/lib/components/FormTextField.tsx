import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

export interface FormTextFieldProps<TIn extends FieldValues, TOut> {
  name: FieldPath<TIn>;
  control: Control<TIn, unknown, TOut>;
  label: string;
  helperText?: ReactNode;
  type?: 'text' | 'email' | 'url' | 'date' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
  multiline?: boolean;
  minRows?: number;
  /** Store an emptied field as null (for nullable non-text values such as dates). */
  emptyAsNull?: boolean;
}

/** A MUI TextField bound to react-hook-form, showing the field's error under it. */
export function FormTextField<TIn extends FieldValues, TOut>({
  name,
  control,
  label,
  helperText,
  type = 'text',
  autoComplete,
  placeholder,
  required,
  multiline,
  minRows,
  emptyAsNull,
}: FormTextFieldProps<TIn, TOut>) {
  const { field, fieldState } = useController<TIn, FieldPath<TIn>, TOut>({ name, control });
  const value: unknown = field.value;
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      onChange={(event) => field.onChange(emptyAsNull && event.target.value === '' ? null : event.target.value)}
      onBlur={field.onBlur}
      disabled={field.disabled ?? false}
      label={label}
      type={type}
      fullWidth
      required={required ?? false}
      multiline={multiline ?? false}
      {...(minRows ? { minRows } : {})}
      {...(autoComplete ? { autoComplete } : {})}
      {...(placeholder ? { placeholder } : {})}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
    />
  );
}
