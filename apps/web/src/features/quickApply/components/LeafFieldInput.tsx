import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup, { type RadioGroupProps } from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AutoFillKey, type LeafField, OTHER_OPTION_ID } from '@placely/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type FieldValues, useController, useFormContext } from 'react-hook-form';
import { OutlinedTextField } from '../../../lib/components/OutlinedTextField';
import type { ChoiceValue, MultipleChoiceValue } from '../formValues';
import { FileUploadInput } from './FileUploadInput';
import { errorText } from './formContext';

export interface LeafFieldInputProps {
  field: LeafField;
  /** The react-hook-form path: the field id, or `<groupId>.<row>.<subFieldId>` inside a group. */
  path: string;
  /** Shown under the field after its help text (the "From your profile" mark). */
  note?: ReactNode;
  /** Extra words for accessible names inside a group row ("Education, row 2"). */
  context?: string | null;
}

const AUTOCOMPLETE: Partial<Record<AutoFillKey, string>> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  location: 'address-level2',
  institution: 'organization',
  website: 'url',
  portfolioLink: 'url',
  linkedin: 'url',
  github: 'url',
};

function helperOf(field: LeafField, error: string | undefined, note: ReactNode): ReactNode {
  if (error) return error;
  if (field.helpText && note) {
    return (
      <>
        {field.helpText} · {note}
      </>
    );
  }
  return field.helpText || note || null;
}

/** Text-like fields, number and date: one labelled text box. */
function TextInput({ field, path, note }: LeafFieldInputProps) {
  const { control } = useFormContext<FieldValues>();
  const { field: input, fieldState } = useController({ name: path, control });
  const error = errorText(fieldState.error);
  const isNumber = field.type === 'number';
  const value: unknown = input.value;
  const formatted = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  // A number field keeps what is being typed ("1.", "-") while the form holds the parsed number.
  const [numberText, setNumberText] = useState(formatted);
  useEffect(() => {
    if (!isNumber) return;
    setNumberText((current) => {
      const parsed = current.trim() === '' ? null : Number(current);
      return parsed === value || current === value ? current : formatted;
    });
  }, [isNumber, value, formatted]);

  const type =
    field.type === 'email'
      ? 'email'
      : field.type === 'phone'
        ? 'tel'
        : field.type === 'url'
          ? 'url'
          : field.type === 'date'
            ? 'date'
            : 'text';
  const autoComplete = field.autoFillKey ? AUTOCOMPLETE[field.autoFillKey] : undefined;
  const validation =
    'validation' in field && field.validation && 'maxLength' in field.validation ? field.validation : null;
  const maxLength = validation?.maxLength;

  return (
    <OutlinedTextField
      name={input.name}
      inputRef={input.ref}
      label={field.label}
      required={field.required}
      fullWidth
      type={type}
      multiline={field.type === 'paragraph'}
      {...(field.type === 'paragraph' ? { minRows: 3 } : {})}
      value={isNumber ? numberText : formatted}
      onChange={(event) => {
        const text = event.target.value;
        if (!isNumber) {
          input.onChange(text);
          return;
        }
        setNumberText(text);
        const trimmed = text.trim();
        input.onChange(trimmed === '' ? null : Number.isFinite(Number(trimmed)) ? Number(trimmed) : text);
      }}
      onBlur={input.onBlur}
      error={Boolean(error)}
      helperText={helperOf(field, error, note)}
      {...(autoComplete ? { autoComplete } : {})}
      {...(field.type === 'date' ? { shrinkLabel: true } : {})}
      htmlInput={{
        ...(isNumber ? { inputMode: 'decimal' } : {}),
        ...(maxLength ? { maxLength } : {}),
      }}
    />
  );
}

/**
 * A radio group marked required and invalid as the text fields are (issue 40: the error was tied only to the
 * fieldset, which names the helper or error it is described by).
 */
function FieldRadioGroup({
  field,
  error,
  ...props
}: RadioGroupProps & { field: LeafField; error: string | undefined }) {
  return (
    <RadioGroup {...props} aria-required={field.required || undefined} aria-invalid={Boolean(error) || undefined} />
  );
}

/** Fieldset wrapper for choice-like fields: a legend, the inputs, the helper or error. */
function ChoiceFieldset({
  field,
  error,
  note,
  children,
  onClear,
}: {
  field: LeafField;
  error: string | undefined;
  note: ReactNode;
  children: ReactNode;
  onClear?: (() => void) | null;
}) {
  const helper = helperOf(field, error, note);
  const helperId = useId();
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      required={field.required}
      fullWidth
      aria-describedby={helper ? helperId : undefined}
    >
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {field.label}
      </FormLabel>
      {children}
      {(helper || onClear) && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <FormHelperText id={helperId} sx={{ mx: 0 }}>
            {helper}
          </FormHelperText>
          {onClear && (
            <Button size="small" onClick={onClear} aria-label={`Clear the answer to ${field.label}`}>
              Clear
            </Button>
          )}
        </Stack>
      )}
    </FormControl>
  );
}

function SingleChoiceInput({ field, path, note, context }: LeafFieldInputProps & { field: { type: 'singleChoice' } }) {
  const { control } = useFormContext<FieldValues>();
  const { field: input, fieldState } = useController({ name: path, control });
  const value = (input.value as ChoiceValue | null) ?? null;
  const error = errorText(fieldState.error);
  const otherChosen = value?.optionId === OTHER_OPTION_ID;
  return (
    <ChoiceFieldset
      field={field}
      error={error}
      note={note}
      onClear={!field.required && value ? () => input.onChange(null) : null}
    >
      <FieldRadioGroup
        field={field}
        error={error}
        name={input.name}
        value={value?.optionId ?? ''}
        onChange={(event) =>
          input.onChange(
            event.target.value === OTHER_OPTION_ID
              ? { optionId: OTHER_OPTION_ID, otherText: value?.otherText ?? '' }
              : { optionId: event.target.value },
          )
        }
      >
        {field.options.map((option) => (
          <FormControlLabel
            key={option.id}
            value={option.id}
            control={<Radio onBlur={input.onBlur} />}
            label={option.label}
          />
        ))}
        {field.allowOther && (
          <FormControlLabel
            value={OTHER_OPTION_ID}
            control={<Radio onBlur={input.onBlur} />}
            label="Other"
            sx={{ mr: 0 }}
          />
        )}
      </FieldRadioGroup>
      {field.allowOther && otherChosen && (
        <OutlinedTextField
          size="small"
          sx={{ ml: 4, maxWidth: 420 }}
          label="Other (please specify)"
          value={value?.otherText ?? ''}
          onChange={(event) => input.onChange({ optionId: OTHER_OPTION_ID, otherText: event.target.value })}
          htmlInput={{ 'aria-label': `Other answer for ${field.label}${context ? `, ${context}` : ''}` }}
        />
      )}
    </ChoiceFieldset>
  );
}

function MultipleChoiceInput({
  field,
  path,
  note,
  context,
}: LeafFieldInputProps & { field: { type: 'multipleChoice' } }) {
  const { control } = useFormContext<FieldValues>();
  const { field: input, fieldState } = useController({ name: path, control });
  const value = (input.value as MultipleChoiceValue | null) ?? { optionIds: [], otherText: '' };
  const error = errorText(fieldState.error);
  const { minSelected, maxSelected } = field.validation ?? {};
  const limits =
    minSelected && maxSelected
      ? `Choose ${minSelected} to ${maxSelected}`
      : minSelected
        ? `Choose at least ${minSelected}`
        : maxSelected
          ? `Choose at most ${maxSelected}`
          : null;
  const toggle = (id: string, checked: boolean) => {
    const ids = checked ? [...value.optionIds, id] : value.optionIds.filter((x) => x !== id);
    input.onChange({ optionIds: ids, otherText: value.otherText ?? '' });
  };
  const options = [...field.options, ...(field.allowOther ? [{ id: OTHER_OPTION_ID, label: 'Other' }] : [])];
  const atMax = maxSelected !== undefined && value.optionIds.length >= maxSelected;
  return (
    <ChoiceFieldset
      field={field}
      error={error}
      note={
        limits && note ? (
          <>
            {limits} · {note}
          </>
        ) : (
          limits || note
        )
      }
    >
      <FormGroup>
        {options.map((option) => {
          const checked = value.optionIds.includes(option.id);
          return (
            <FormControlLabel
              key={option.id}
              control={
                <Checkbox
                  name={input.name}
                  checked={checked}
                  disabled={!checked && atMax}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                  onBlur={input.onBlur}
                />
              }
              label={option.label}
            />
          );
        })}
      </FormGroup>
      {field.allowOther && value.optionIds.includes(OTHER_OPTION_ID) && (
        <OutlinedTextField
          size="small"
          sx={{ ml: 4, maxWidth: 420 }}
          label="Other (please specify)"
          value={value.otherText ?? ''}
          onChange={(event) => input.onChange({ optionIds: value.optionIds, otherText: event.target.value })}
          htmlInput={{ 'aria-label': `Other answer for ${field.label}${context ? `, ${context}` : ''}` }}
        />
      )}
    </ChoiceFieldset>
  );
}

function DropdownInput({ field, path, note }: LeafFieldInputProps & { field: { type: 'dropdown' } }) {
  const { control } = useFormContext<FieldValues>();
  const { field: input, fieldState } = useController({ name: path, control });
  const value = (input.value as ChoiceValue | null) ?? null;
  const error = errorText(fieldState.error);
  // A native select: it works the same by keyboard, screen reader and on phones.
  return (
    <OutlinedTextField
      fullWidth
      name={input.name}
      inputRef={input.ref}
      label={field.label}
      required={field.required}
      value={value?.optionId ?? ''}
      onChange={(event) => input.onChange(event.target.value ? { optionId: event.target.value } : null)}
      onBlur={input.onBlur}
      error={Boolean(error)}
      helperText={helperOf(field, error, note)}
      shrinkLabel
      nativeSelectOptions={
        <>
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </>
      }
    />
  );
}

function YesNoInput({ field, path, note }: LeafFieldInputProps & { field: { type: 'yesNo' } }) {
  const { control } = useFormContext<FieldValues>();
  const { field: input, fieldState } = useController({ name: path, control });
  const value = input.value as boolean | null;
  const error = errorText(fieldState.error);
  return (
    <ChoiceFieldset
      field={field}
      error={error}
      note={note}
      onClear={!field.required && value !== null && value !== undefined ? () => input.onChange(null) : null}
    >
      <FieldRadioGroup
        field={field}
        error={error}
        row
        name={input.name}
        value={value === true ? 'yes' : value === false ? 'no' : ''}
        onChange={(event) => input.onChange(event.target.value === 'yes')}
      >
        <FormControlLabel value="yes" control={<Radio onBlur={input.onBlur} />} label="Yes" />
        <FormControlLabel value="no" control={<Radio onBlur={input.onBlur} />} label="No" />
      </FieldRadioGroup>
    </ChoiceFieldset>
  );
}

function LinearScaleInput({ field, path, note }: LeafFieldInputProps & { field: { type: 'linearScale' } }) {
  const { control } = useFormContext<FieldValues>();
  const { field: input, fieldState } = useController({ name: path, control });
  const value = typeof input.value === 'number' ? input.value : null;
  const error = errorText(fieldState.error);
  const steps = Array.from({ length: field.scaleMax - field.scaleMin + 1 }, (_, i) => field.scaleMin + i);
  return (
    <ChoiceFieldset
      field={field}
      error={error}
      note={note}
      onClear={!field.required && value !== null ? () => input.onChange(null) : null}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
        {field.minLabel && (
          <Typography variant="body2" color="text.secondary">
            {field.minLabel}
          </Typography>
        )}
        <FieldRadioGroup
          field={field}
          error={error}
          row
          name={input.name}
          value={value === null ? '' : String(value)}
          onChange={(event) => input.onChange(Number(event.target.value))}
          sx={{ flexWrap: 'wrap' }}
        >
          {steps.map((step) => (
            <FormControlLabel
              key={step}
              value={String(step)}
              control={<Radio onBlur={input.onBlur} />}
              label={String(step)}
              labelPlacement="bottom"
              sx={{ mx: 0, minWidth: 40 }}
            />
          ))}
        </FieldRadioGroup>
        {field.maxLabel && (
          <Typography variant="body2" color="text.secondary">
            {field.maxLabel}
          </Typography>
        )}
      </Stack>
    </ChoiceFieldset>
  );
}

/** One question of any non-group type, bound to the form at `path`. */
export function LeafFieldInput(props: LeafFieldInputProps) {
  const { field } = props;
  switch (field.type) {
    case 'singleChoice':
      return <SingleChoiceInput {...props} field={field} />;
    case 'multipleChoice':
      return <MultipleChoiceInput {...props} field={field} />;
    case 'dropdown':
      return <DropdownInput {...props} field={field} />;
    case 'yesNo':
      return <YesNoInput {...props} field={field} />;
    case 'linearScale':
      return <LinearScaleInput {...props} field={field} />;
    case 'fileUpload':
      return (
        <Box>
          <FileUploadInput {...props} field={field} />
        </Box>
      );
    default:
      return <TextInput {...props} />;
  }
}
