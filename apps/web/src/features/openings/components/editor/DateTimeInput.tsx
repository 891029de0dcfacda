import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { browserTimeZone, fromLocalDateTimeInput, toLocalDateTimeInput } from '../../dateTime';

/**
 * A date and time in the browser's time zone (named under the input), stored as ISO 8601 with the offset so the
 * server knows the exact instant.
 */
export function DateTimeInput({ name, label, required }: { name: string; label: string; required?: boolean }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      type="datetime-local"
      label={label}
      fullWidth
      required={required ?? false}
      value={toLocalDateTimeInput(value)}
      onChange={(event) => field.onChange(fromLocalDateTimeInput(event.target.value))}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={
        fieldState.error
          ? 'Enter a date and time'
          : `Time zone: ${browserTimeZone(value ? new Date(value) : undefined)}`
      }
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
