import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  AUTO_FILL_KEY_LABELS,
  AUTO_FILL_KEYS,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  FILE_RULES,
  type FieldType,
  FORM_LIMITS,
  type FormField,
  formatBytes,
  suggestAutoFillKey,
} from '@placely/contract';
import type { ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { CHOICE_TYPES, changeFieldType, FILE_TYPE_LABELS, LEAF_FIELD_TYPES, TEXT_LENGTH_TYPES } from '../../formModel';
import { NumberInput, TextInput } from '../editor/inputs';
import { useBuilder, useStructure } from './builderContext';
import { OptionsEditor } from './OptionsEditor';
import { RuleEditor } from './RuleEditor';

const MB = 1024 * 1024;

function SwitchSetting({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  return (
    <FormControlLabel
      control={
        <Switch
          name={field.name}
          slotProps={{ input: { ref: field.ref } }}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
    />
  );
}

function CheckboxSetting({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  return (
    <FormControlLabel
      control={
        <Checkbox
          name={field.name}
          slotProps={{ input: { ref: field.ref } }}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
    />
  );
}

function SelectSetting({
  name,
  label,
  helperText,
  options,
  emptyLabel,
  numeric = false,
}: {
  name: string;
  label: string;
  helperText?: ReactNode;
  options: readonly { value: string | number; label: string }[];
  /** Offers "none": the setting is then left out. */
  emptyLabel?: string;
  numeric?: boolean;
}) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => {
        const raw = event.target.value;
        if (raw === '') field.onChange(undefined);
        else field.onChange(numeric ? Number(raw) : raw);
      }}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function AcceptedTypes({ path }: { path: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: `${path}.acceptedTypes`, control });
  const selected: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
        Accepted file types
      </FormLabel>
      <FormGroup row>
        {FILE_RULES.application.contentTypes.map((type, index) => (
          <FormControlLabel
            key={type}
            control={
              <Checkbox
                size="small"
                checked={selected.includes(type)}
                {...(index === 0 ? { slotProps: { input: { ref: field.ref } } } : {})}
                onChange={(event) =>
                  field.onChange(
                    event.target.checked
                      ? FILE_RULES.application.contentTypes.filter((t) => t === type || selected.includes(t))
                      : selected.filter((t) => t !== type),
                  )
                }
              />
            }
            label={FILE_TYPE_LABELS[type] ?? type}
          />
        ))}
      </FormGroup>
      <FormHelperText error={Boolean(fieldState.error)}>
        {fieldState.error?.message ?? 'None ticked: any of these types.'}
      </FormHelperText>
    </Stack>
  );
}

/** Turning a field into another type: a new field id (see changeFieldType), the label and help text stay. */
function TypeSelect({
  path,
  field,
  leaf,
  keyPrefix,
}: {
  path: string;
  field: FormField;
  leaf: boolean;
  keyPrefix: string;
}) {
  const { replace } = useStructure();
  const { setExpanded, focusLater } = useBuilder();
  const types: readonly FieldType[] = leaf ? LEAF_FIELD_TYPES : FIELD_TYPES;
  return (
    <TextField
      select
      fullWidth
      size="small"
      label="Answer type"
      value={field.type}
      onChange={(event) => {
        const next = changeFieldType(field, event.target.value as FieldType);
        setExpanded(`${keyPrefix}${next.id}`, true);
        replace(path, next);
        focusLater(`${path}.label`);
      }}
      helperText="Changing the type starts the question's answers afresh"
    >
      {types.map((type) => (
        <MenuItem key={type} value={type}>
          {FIELD_TYPE_LABELS[type]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Suggests the auto-fill key the question's label names ("College" → institution) while none is chosen; one click
 * accepts it. Shown, never applied on its own, so existing forms change only when someone accepts.
 */
function AutoFillSuggestion({ path, type }: { path: string; type: FieldType }) {
  const { setValue } = useFormContext();
  const label = (useWatch({ name: `${path}.label` }) as string | undefined) ?? '';
  const chosen = useWatch({ name: `${path}.autoFillKey` }) as string | undefined;
  const key = suggestAutoFillKey(label);
  if (!key || chosen) return null;
  // A resume fills file questions only, and a file question takes nothing else.
  if ((key === 'resume') !== (type === 'fileUpload')) return null;
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => setValue(`${path}.autoFillKey`, key, { shouldDirty: true })}
        >
          Use it
        </Button>
      }
    >
      Fill this from the applicant's profile: {AUTO_FILL_KEY_LABELS[key].toLowerCase()}?
    </Alert>
  );
}

export interface FieldSettingsProps {
  path: string;
  field: FormField;
  leaf: boolean;
  fieldName: string;
  /** Prefix of the expanded-state key: sub-fields are scoped to their group. */
  keyPrefix: string;
  /** The sub-fields editor of a repeatable group (given by FieldEditor, which can render itself). */
  renderSubFields?: () => ReactNode;
}

/** Everything about one question: wording, answer type, rules, options and auto-fill. */
export function FieldSettings({ path, field, leaf, fieldName, keyPrefix, renderSubFields }: FieldSettingsProps) {
  const type = field.type;
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <TextInput name={`${path}.label`} label="Question" required size="small" />
      <TextInput
        name={`${path}.helpText`}
        label="Help text"
        size="small"
        multiline
        rows={2}
        emptyAs={undefined}
        helperText="Shown under the question"
      />
      <Grid container spacing={2} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TypeSelect path={path} field={field} leaf={leaf} keyPrefix={keyPrefix} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SwitchSetting
            name={`${path}.required`}
            label={type === 'repeatableGroup' ? 'Required (at least one row)' : 'Required'}
          />
        </Grid>
      </Grid>

      {TEXT_LENGTH_TYPES.includes(type) && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6 }}>
            <NumberInput
              name={`${path}.validation.minLength`}
              label="Minimum length"
              size="small"
              emptyAs={undefined}
              min={0}
              step={1}
            />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <NumberInput
              name={`${path}.validation.maxLength`}
              label="Maximum length"
              size="small"
              emptyAs={undefined}
              min={1}
              step={1}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput
              name={`${path}.validation.pattern`}
              label="Pattern (regular expression)"
              size="small"
              emptyAs={undefined}
              helperText="The whole answer must match, e.g. [A-Z]{2}[0-9]{4}"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput
              name={`${path}.validation.patternMessage`}
              label="Message when it does not match"
              size="small"
              emptyAs={undefined}
            />
          </Grid>
        </Grid>
      )}

      {type === 'number' && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6 }}>
            <NumberInput name={`${path}.validation.min`} label="Minimum" size="small" emptyAs={undefined} />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <NumberInput name={`${path}.validation.max`} label="Maximum" size="small" emptyAs={undefined} />
          </Grid>
        </Grid>
      )}

      {CHOICE_TYPES.includes(type) && <OptionsEditor path={path} fieldName={fieldName} />}
      {(type === 'singleChoice' || type === 'multipleChoice') && (
        <CheckboxSetting name={`${path}.allowOther`} label='Add an "Other" option with its own text' />
      )}
      {type === 'multipleChoice' && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6 }}>
            <NumberInput
              name={`${path}.validation.minSelected`}
              label="Choose at least"
              size="small"
              emptyAs={undefined}
              min={0}
              step={1}
            />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <NumberInput
              name={`${path}.validation.maxSelected`}
              label="Choose at most"
              size="small"
              emptyAs={undefined}
              min={1}
              step={1}
            />
          </Grid>
        </Grid>
      )}

      {type === 'linearScale' && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6 }}>
            <SelectSetting
              name={`${path}.scaleMin`}
              label="From"
              numeric
              options={[0, 1].map((n) => ({ value: n, label: String(n) }))}
            />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <SelectSetting
              name={`${path}.scaleMax`}
              label="To"
              numeric
              options={Array.from({ length: FORM_LIMITS.scaleMax - 1 }, (_, i) => i + 2).map((n) => ({
                value: n,
                label: String(n),
              }))}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput name={`${path}.minLabel`} label="Label at the low end" size="small" emptyAs={undefined} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput name={`${path}.maxLabel`} label="Label at the high end" size="small" emptyAs={undefined} />
          </Grid>
        </Grid>
      )}

      {type === 'fileUpload' && (
        <>
          <AcceptedTypes path={path} />
          <NumberInput
            name={`${path}.maxBytes`}
            label="Largest file (MB)"
            size="small"
            scale={MB}
            min={0.1}
            max={FORM_LIMITS.maxFileBytes / MB}
            step={0.5}
            helperText={`Up to ${formatBytes(FORM_LIMITS.maxFileBytes)}`}
          />
        </>
      )}

      {type === 'repeatableGroup' && (
        <>
          {renderSubFields?.()}
          <Grid container spacing={2}>
            <Grid size={{ xs: 6 }}>
              <NumberInput
                name={`${path}.minRows`}
                label="At least (rows)"
                size="small"
                emptyAs={undefined}
                min={0}
                step={1}
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <NumberInput
                name={`${path}.maxRows`}
                label="At most (rows)"
                size="small"
                emptyAs={undefined}
                min={1}
                max={FORM_LIMITS.repeatRows}
                step={1}
              />
            </Grid>
          </Grid>
        </>
      )}

      {!leaf && <RuleEditor path={path} subject="question" />}

      {type !== 'repeatableGroup' && <AutoFillSuggestion path={path} type={type} />}
      {type !== 'repeatableGroup' && (
        <SelectSetting
          name={`${path}.autoFillKey`}
          label="Auto-fill from the applicant's profile"
          emptyLabel="Nothing (the applicant types it)"
          options={AUTO_FILL_KEYS.map((key) => ({ value: key, label: AUTO_FILL_KEY_LABELS[key] }))}
          helperText="Filled in for them; they can still change it"
        />
      )}
    </Stack>
  );
}
