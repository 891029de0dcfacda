import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FORM_LIMITS, type RepeatableGroupField } from '@placely/contract';
import { type FieldValues, useFieldArray, useFormContext } from 'react-hook-form';
import { emptyRow } from '../formValues';
import { fieldBlockId, ownErrorText } from './formContext';
import { LeafFieldInput } from './LeafFieldInput';

/** A repeatable group ("add another education row"): rows of the group's fields, added and removed within limits. */
export function RepeatableGroupInput({ field }: { field: RepeatableGroupField }) {
  const { control, getFieldState, formState } = useFormContext<FieldValues>();
  const { fields: rows, append, remove } = useFieldArray({ control, name: field.id });
  // Subscribes this component to error changes (getFieldState alone does not re-render).
  void formState.errors;
  const error = ownErrorText(getFieldState(field.id).error);
  const min = Math.max(field.minRows ?? 0, field.required ? 1 : 0);
  const max = field.maxRows ?? FORM_LIMITS.repeatRows;
  const limits =
    min > 0 && field.maxRows !== undefined
      ? `${min} to ${max} rows`
      : min > 0
        ? `At least ${min} ${min === 1 ? 'row' : 'rows'}`
        : field.maxRows !== undefined
          ? `Up to ${max} rows`
          : null;
  const helper = error ?? ([field.helpText, limits].filter(Boolean).join(' · ') || null);

  return (
    <FormControl component="fieldset" error={Boolean(error)} required={field.required} fullWidth>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {field.label}
      </FormLabel>
      <Stack spacing={2}>
        {rows.map((row, index) => {
          const context = `${field.label}, row ${index + 1}`;
          return (
            <Paper
              key={row.id}
              variant="outlined"
              component="section"
              aria-label={context}
              sx={{ p: { xs: 1.5, sm: 2 } }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
                <Typography variant="subtitle2" component="h4">
                  Row {index + 1}
                </Typography>
                <Button
                  size="small"
                  color="error"
                  disabled={rows.length <= min}
                  onClick={() => remove(index)}
                  aria-label={`Remove ${context}`}
                >
                  Remove
                </Button>
              </Stack>
              <Stack spacing={2.5}>
                {field.fields.map((sub) => {
                  const path = `${field.id}.${index}.${sub.id}`;
                  return (
                    <Box key={sub.id} id={fieldBlockId(path)}>
                      <LeafFieldInput field={sub} path={path} context={context} />
                    </Box>
                  );
                })}
              </Stack>
            </Paper>
          );
        })}
        {rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No rows yet.
          </Typography>
        )}
      </Stack>
      <Box sx={{ mt: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={rows.length >= max}
          onClick={() => append(emptyRow(field))}
          aria-label={`Add a row to ${field.label}`}
          data-add-row
          aria-invalid={Boolean(error)}
        >
          Add a row
        </Button>
      </Box>
      {helper && <FormHelperText sx={{ mx: 0 }}>{helper}</FormHelperText>}
    </FormControl>
  );
}
