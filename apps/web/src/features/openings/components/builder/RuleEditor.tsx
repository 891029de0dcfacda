import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ConditionOperator,
  FORM_LIMITS,
  type FormCondition,
  type FormField,
  type FormSection,
  OTHER_OPTION_ID,
  operatorLabel,
  operatorsFor,
  ruleInWords,
  type ShowWhen,
} from '@placely/contract';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ErrorText } from './ErrorText';

const SECTIONS = 'form.sections';

/** The questions a rule at `path` may look at: earlier top-level ones (for a section, those of earlier sections). */
export function earlierQuestions(sections: readonly FormSection[], path: string): FormField[] {
  const field = /^form\.sections\.(\d+)\.fields\.(\d+)$/.exec(path);
  if (field) {
    const s = Number(field[1]);
    const f = Number(field[2]);
    return [...sections.slice(0, s).flatMap((section) => section.fields), ...(sections[s]?.fields.slice(0, f) ?? [])];
  }
  const section = /^form\.sections\.(\d+)$/.exec(path);
  return section ? sections.slice(0, Number(section[1])).flatMap((item) => item.fields) : [];
}

const today = () => new Date().toISOString().slice(0, 10);

const optionsOf = (field: FormField | undefined) => {
  if (!field || !('options' in field)) return null;
  const list = field.options.map((o) => ({ id: o.id, label: o.label || 'Unnamed option' }));
  if ('allowOther' in field && field.allowOther) list.push({ id: OTHER_OPTION_ID, label: 'Other' });
  return list;
};

/** A condition on `target` with `operator`, with a first value a person will usually change. */
function defaultCondition(target: FormField, operator: ConditionOperator): FormCondition {
  const questionId = target.id;
  const firstOption = optionsOf(target)?.[0]?.id ?? '';
  const isNumber = target.type === 'number' || target.type === 'linearScale';
  const low = target.type === 'linearScale' ? target.scaleMin : 0;
  switch (operator) {
    case 'isAnswered':
      return { questionId, operator };
    case 'isOneOf':
      return { questionId, operator, values: firstOption ? [firstOption] : [] };
    case 'between':
      return { questionId, operator, min: low, max: target.type === 'linearScale' ? target.scaleMax : 10 };
    case 'atLeast':
    case 'atMost':
      return { questionId, operator, value: low };
    case 'before':
    case 'after':
      return { questionId, operator, value: today() };
    case 'contains':
      return { questionId, operator, value: firstOption };
    case 'equals':
      if (target.type === 'yesNo') return { questionId, operator, value: true };
      if (isNumber) return { questionId, operator, value: low };
      if (target.type === 'date') return { questionId, operator, value: today() };
      return { questionId, operator, value: firstOption };
  }
}

function ValueInput({
  condition,
  target,
  at,
  label,
  onChange,
}: {
  condition: FormCondition;
  target: FormField | undefined;
  at: string;
  label: string;
  onChange: (next: FormCondition) => void;
}) {
  const { errors } = useFormState({ name: at });
  const errorAt = (key: string) => (get(errors, `${at}.${key}`) as { message?: string } | undefined)?.message;
  const options = optionsOf(target);
  const small = { size: 'small' as const, sx: { minWidth: 140, flex: 1 } };
  switch (condition.operator) {
    case 'isAnswered':
      return null;
    case 'between':
      return (
        <>
          {(['min', 'max'] as const).map((key) => (
            <TextField
              key={key}
              {...small}
              type="number"
              label={`${label}: ${key === 'min' ? 'from' : 'to'}`}
              value={condition[key]}
              error={Boolean(errorAt(key))}
              helperText={errorAt(key)}
              onChange={(event) => onChange({ ...condition, [key]: Number(event.target.value) })}
            />
          ))}
        </>
      );
    case 'isOneOf':
      if (options) {
        return (
          <TextField
            {...small}
            select
            label={label}
            value={condition.values}
            error={Boolean(errorAt('values'))}
            helperText={errorAt('values')}
            slotProps={{ select: { multiple: true } }}
            onChange={(event) => {
              const raw = event.target.value as unknown;
              onChange({ ...condition, values: Array.isArray(raw) ? raw : String(raw).split(',') });
            }}
          >
            {options.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }
      return (
        <TextField
          {...small}
          label={`${label} (separate with commas)`}
          value={condition.values.join(', ')}
          error={Boolean(errorAt('values'))}
          helperText={errorAt('values')}
          onChange={(event) =>
            onChange({
              ...condition,
              values: event.target.value
                .split(',')
                .map((value) => value.trim())
                .filter(Boolean),
            })
          }
        />
      );
    default: {
      const value = condition.value;
      if (target?.type === 'yesNo') {
        return (
          <TextField
            {...small}
            select
            label={label}
            value={value === false ? 'no' : 'yes'}
            onChange={(event) => onChange({ ...condition, value: event.target.value === 'yes' } as FormCondition)}
          >
            <MenuItem value="yes">Yes</MenuItem>
            <MenuItem value="no">No</MenuItem>
          </TextField>
        );
      }
      if (options) {
        return (
          <TextField
            {...small}
            select
            label={label}
            value={typeof value === 'string' && options.some((o) => o.id === value) ? value : ''}
            error={Boolean(errorAt('value'))}
            helperText={errorAt('value')}
            onChange={(event) => onChange({ ...condition, value: event.target.value } as FormCondition)}
          >
            {options.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }
      const numeric = typeof value === 'number';
      const isDate = condition.operator === 'before' || condition.operator === 'after' || target?.type === 'date';
      return (
        <TextField
          {...small}
          type={numeric ? 'number' : isDate ? 'date' : 'text'}
          label={label}
          value={String(value ?? '')}
          error={Boolean(errorAt('value'))}
          helperText={errorAt('value')}
          slotProps={isDate ? { inputLabel: { shrink: true } } : {}}
          onChange={(event) =>
            onChange({
              ...condition,
              value: numeric ? Number(event.target.value) : event.target.value,
            } as FormCondition)
          }
        />
      );
    }
  }
}

/**
 * "Show only when…" for a question or a section: conditions on earlier answers, all or any of them; shown in words
 * above the inputs, each problem the contract finds (a forward or deleted reference, an option gone) at its input.
 */
export function RuleEditor({ path, subject }: { path: string; subject: 'question' | 'section' }) {
  const rulePath = `${path}.showWhen`;
  const { setValue, trigger, formState } = useFormContext();
  const sections = (useWatch({ name: SECTIONS }) as FormSection[] | undefined) ?? [];
  const rule = useWatch({ name: rulePath }) as ShowWhen | undefined;
  const candidates = earlierQuestions(sections, path);
  const everyField = sections.flatMap((section) => section.fields);
  const set = (next: ShowWhen | undefined) => {
    setValue(rulePath, next, { shouldDirty: true });
    if (formState.isSubmitted) void trigger('form');
  };
  const update = (index: number, next: FormCondition) =>
    rule && set({ ...rule, conditions: rule.conditions.map((c, i) => (i === index ? next : c)) });
  const add = () => {
    const target = candidates[candidates.length - 1];
    if (!target) return;
    const condition = defaultCondition(target, operatorsFor(target.type)[0] ?? 'isAnswered');
    set(rule ? { ...rule, conditions: [...rule.conditions, condition] } : { match: 'all', conditions: [condition] });
  };

  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1, sm: 1.5 }, m: 0 }}
      data-rule-path={rulePath}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        Show this {subject} only when…
      </Typography>
      {rule ? (
        <Typography variant="body2" sx={{ mb: 1.5, fontStyle: 'italic' }} data-testid="rule-in-words">
          {ruleInWords(rule, everyField)}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {candidates.length === 0
            ? `Always shown. Rules look at earlier questions, and there are none before this ${subject}.`
            : `Always shown. Add a condition to show it only for some answers.`}
        </Typography>
      )}
      {rule && rule.conditions.length > 1 && (
        <TextField
          select
          size="small"
          label="Conditions to meet"
          value={rule.match}
          onChange={(event) => set({ ...rule, match: event.target.value as ShowWhen['match'] })}
          sx={{ mb: 1.5, minWidth: 200 }}
        >
          <MenuItem value="all">All of them</MenuItem>
          <MenuItem value="any">Any of them</MenuItem>
        </TextField>
      )}
      <Stack spacing={1.5}>
        {rule?.conditions.map((condition, index) => {
          const at = `${rulePath}.conditions.${index}`;
          const target = everyField.find((f) => f.id === condition.questionId);
          const known = candidates.some((f) => f.id === condition.questionId);
          const number = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their place is what they are
            <Stack key={index} spacing={0.5}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  select
                  size="small"
                  label={`Condition ${number}: question`}
                  value={known ? condition.questionId : ''}
                  sx={{ minWidth: 180, flex: 2 }}
                  onChange={(event) => {
                    const next = candidates.find((f) => f.id === event.target.value);
                    if (next) update(index, defaultCondition(next, operatorsFor(next.type)[0] ?? 'isAnswered'));
                  }}
                  slotProps={{ htmlInput: { 'data-condition-question': number } }}
                >
                  {candidates.map((candidate, i) => (
                    <MenuItem key={candidate.id} value={candidate.id}>
                      {candidate.label.trim() || `Untitled question ${i + 1}`}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label={`Condition ${number}: test`}
                  value={condition.operator}
                  sx={{ minWidth: 140, flex: 1 }}
                  onChange={(event) =>
                    target && update(index, defaultCondition(target, event.target.value as ConditionOperator))
                  }
                >
                  {(target ? operatorsFor(target.type) : [condition.operator]).map((operator) => (
                    <MenuItem key={operator} value={operator}>
                      {operatorLabel(operator, target?.type)}
                    </MenuItem>
                  ))}
                </TextField>
                <ValueInput
                  condition={condition}
                  target={target}
                  at={at}
                  label={`Condition ${number}: value`}
                  onChange={(next) => update(index, next)}
                />
                <IconButton
                  size="small"
                  aria-label={`Remove condition ${number}`}
                  onClick={() => {
                    const rest = rule.conditions.filter((_c, i) => i !== index);
                    set(rest.length === 0 ? undefined : { ...rule, conditions: rest });
                  }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Stack>
              <ErrorText path={`${at}.questionId`} />
              <ErrorText path={`${at}.operator`} />
            </Stack>
          );
        })}
      </Stack>
      <ErrorText path={`${rulePath}.conditions`} />
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        disabled={candidates.length === 0 || (rule?.conditions.length ?? 0) >= FORM_LIMITS.conditions}
        onClick={add}
      >
        Add a condition
      </Button>
    </Box>
  );
}
