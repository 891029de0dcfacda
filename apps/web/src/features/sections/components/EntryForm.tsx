import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { z } from '@placely/contract';
import { useState } from 'react';
import { Controller, type FieldValues, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { applyServerFieldErrors } from '../../../lib/forms';
import type { FieldSpec } from './fields';

export interface EntryFormProps {
  fields: readonly FieldSpec[];
  schema: z.ZodType;
  initial: FieldValues;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
}

/** The add/edit form of a section entry, validated by the contract's schema; server field errors land inline. */
export function EntryForm({ fields, schema, initial, submitLabel, onCancel, onSubmit }: EntryFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FieldValues>({
    // biome-ignore lint/suspicious/noExplicitAny: each section passes its own contract schema
    resolver: zodResolver(schema as any),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;

  const submit = handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        await onSubmit(values);
      } catch (error) {
        const names = fields.map((field) => field.name);
        if (!applyServerFieldErrors(error, setError, names)) {
          setProblem(error instanceof ApiError ? error.message : 'Could not save. Please try again.');
        }
      }
    },
    (errors) => {
      // Focus the first invalid field in the order the form shows them.
      const first = fields.find((field) => errors[field.name]);
      if (first) form.setFocus(first.name);
      else setProblem(Object.values(errors)[0]?.message?.toString() ?? 'Please check the form.');
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {fields.map((field) => (
            <Grid key={field.name} size={{ xs: 12, sm: 'width' in field && field.width === 'half' ? 6 : 12 }}>
              <Controller
                name={field.name}
                control={control}
                render={({ field: input, fieldState }) => {
                  const error = fieldState.error?.message;
                  const helper =
                    error ??
                    ('helper' in field && field.helper
                      ? field.helper
                      : field.kind === 'month'
                        ? 'Month, e.g. 2024-06'
                        : ' ');
                  switch (field.kind) {
                    case 'checkbox':
                      return (
                        <FormControlLabel
                          control={
                            <Checkbox
                              checked={Boolean(input.value)}
                              onChange={(event) => input.onChange(event.target.checked)}
                              onBlur={input.onBlur}
                            />
                          }
                          label={field.label}
                        />
                      );
                    case 'select':
                      return (
                        <TextField
                          select
                          fullWidth
                          label={field.label}
                          required={field.required}
                          value={(input.value as string | null) ?? ''}
                          onChange={(event) => input.onChange(event.target.value === '' ? null : event.target.value)}
                          onBlur={input.onBlur}
                          inputRef={input.ref}
                          error={Boolean(error)}
                          helperText={helper}
                        >
                          {field.allowEmpty && (
                            <MenuItem value="">
                              <em>Not set</em>
                            </MenuItem>
                          )}
                          {field.options.map((option) => (
                            <MenuItem key={option.value} value={option.value}>
                              {option.label}
                            </MenuItem>
                          ))}
                        </TextField>
                      );
                    case 'tags':
                      return (
                        <TextField
                          fullWidth
                          label={field.label}
                          value={Array.isArray(input.value) ? (input.value as string[]).join(', ') : ''}
                          onChange={(event) =>
                            input.onChange(
                              event.target.value
                                .split(',')
                                .map((tag) => tag.trimStart())
                                .filter((tag, index, all) => tag !== '' || index === all.length - 1),
                            )
                          }
                          onBlur={() => {
                            input.onChange(
                              ((input.value as string[] | undefined) ?? []).map((tag) => tag.trim()).filter(Boolean),
                            );
                            input.onBlur();
                          }}
                          inputRef={input.ref}
                          error={Boolean(error)}
                          helperText={error ?? field.helper ?? 'Separate with commas'}
                        />
                      );
                    case 'number':
                      return (
                        <TextField
                          fullWidth
                          type="number"
                          label={field.label}
                          value={input.value ?? ''}
                          onChange={(event) =>
                            input.onChange(event.target.value === '' ? '' : Number(event.target.value))
                          }
                          onBlur={input.onBlur}
                          inputRef={input.ref}
                          error={Boolean(error)}
                          helperText={helper}
                          slotProps={{ htmlInput: { step: field.step ?? 'any', min: 0 } }}
                        />
                      );
                    default:
                      return (
                        <TextField
                          fullWidth
                          label={field.label}
                          required={'required' in field ? field.required : false}
                          type={field.kind === 'url' ? 'url' : 'text'}
                          multiline={field.kind === 'textarea'}
                          minRows={field.kind === 'textarea' ? 3 : undefined}
                          placeholder={field.kind === 'month' ? 'YYYY-MM' : undefined}
                          value={(input.value as string | null) ?? ''}
                          onChange={(event) => input.onChange(event.target.value)}
                          onBlur={input.onBlur}
                          inputRef={input.ref}
                          error={Boolean(error)}
                          helperText={helper}
                          slotProps={field.kind === 'month' ? { htmlInput: { inputMode: 'numeric' } } : undefined}
                        />
                      );
                  }
                }}
              />
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
