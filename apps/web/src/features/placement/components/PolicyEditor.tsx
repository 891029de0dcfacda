import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CyclePolicyView,
  describePolicyRule,
  formatAnnualCtc,
  type OFFER_COUNTINGS,
  type PolicyParams,
  type PolicyRuleKind,
  type PPO_MODES,
  type RENEGE_OUTCOMES,
  type RESCIND_OUTCOMES,
  savePolicyBodySchema,
  type TypedPolicyRule,
  typedPolicyRuleSchema,
  type z,
} from '@placely/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import {
  type ArrayPath,
  type Control,
  type FieldPath,
  get,
  type UseFormSetValue,
  useController,
  useFieldArray,
  useForm,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useSavePolicy } from '../api/savePolicy';

type PolicyForm = z.input<typeof savePolicyBodySchema>;
type PolicyBody = z.output<typeof savePolicyBodySchema>;
type Path = FieldPath<PolicyForm>;

/**
 * What each kind does, for the cell deciding whether to use it (students read the contract's description instead,
 * shown under each rule as it is being written). Keyed by kind, so a kind added to the contract fails to compile
 * here until the editor can write it.
 */
const RULE_HELP: Record<PolicyRuleKind, string> = {
  maxOffers:
    'Stops a student applying once they have this many offers in the cycle. Checked when they apply, when a company offers and when they accept.',
  ctcTiers:
    'Groups the cycle’s openings by the CTC the cell approved, highest tier first; the lowest tier takes every CTC below the one above it. Placed students can be kept to higher tiers, and the number of moves up limited.',
  acceptedOfferEndsSeason:
    'Once a student accepts an offer, they cannot apply to more of the cycle’s openings. Usual for job cycles; leave it out for internships.',
  gapAfterAccepting: 'A student who accepted an offer waits this many days before applying to another opening.',
  ppoHolders:
    'Students who accepted a pre-placement offer (PPO): keep them out of the cycle, or let them apply only to openings paying at least an amount.',
  debarAfterAbsences:
    'Students who miss this many rounds they booked (tests, interviews, group discussions) cannot apply any more. Absences the cell recorded count too.',
  offerOutcomes:
    'What happens to a student’s status when they renege on an accepted offer, or the company rescinds it. This rule refuses nothing by itself.',
};

/** A new rule's parameters: the common choice where there is one, blank amounts where the cell must decide. */
const BLANK_PARAMS: { [K in PolicyRuleKind]: () => PolicyParams[K] } = {
  maxOffers: () => ({ max: 1, counting: 'accepted' }),
  ctcTiers: () => ({
    currency: 'INR',
    tiers: [
      { name: '', minAnnualCtc: Number.NaN },
      { name: '', minAnnualCtc: 0 },
    ],
    onlyHigherTiers: true,
    maxUpgrades: 1,
  }),
  acceptedOfferEndsSeason: () => ({}),
  gapAfterAccepting: () => ({ days: 7 }),
  ppoHolders: () => ({ mode: 'barred', minAnnualCtc: null, currency: null }),
  debarAfterAbsences: () => ({ maxAbsences: 2 }),
  offerOutcomes: () => ({ onRenege: 'debar', onRescind: 'release' }),
};
const blankRule = <K extends PolicyRuleKind>(kind: K) => ({ kind, params: BLANK_PARAMS[kind]() }) as TypedPolicyRule;

const COUNTING_LABELS: Record<(typeof OFFER_COUNTINGS)[number], string> = {
  accepted: 'Accepted offers only',
  held: 'Accepted offers and offers awaiting an answer',
};
const PPO_MODE_LABELS: Record<(typeof PPO_MODES)[number], string> = {
  barred: 'They take no part in this cycle',
  minimumCtc: 'They may apply only to openings paying at least an amount',
};
const RENEGE_LABELS: Record<(typeof RENEGE_OUTCOMES)[number], string> = {
  debar: 'Debar the student from the rest of the cycle',
  keepPlaced: 'Still count the student placed',
  release: 'Make the student available again',
};
const RESCIND_LABELS: Record<(typeof RESCIND_OUTCOMES)[number], string> = {
  release: 'Make the student available again',
  keepPlaced: 'Still count the student placed',
};

/** The saved rules as the form edits them (the server validated them when saving; anything unreadable is left out). */
export function rulesOfView(view: CyclePolicyView): TypedPolicyRule[] {
  return view.rules.flatMap((rule) => {
    const parsed = typedPolicyRuleSchema.safeParse({ kind: rule.kind, params: rule.params });
    return parsed.success ? [parsed.data] : [];
  });
}

/** "20,00,000" or "2000000" → 2000000; anything else is NaN, which the schema names "Must be a number". */
function parseAmount(text: string): number {
  const plain = text.replace(/[\s,_]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
}
const textOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const sameNumber = (a: number, b: unknown) =>
  typeof b === 'number' ? a === b || (Number.isNaN(a) && Number.isNaN(b)) : Number.isNaN(a);

interface FieldProps {
  name: Path;
  control: Control<PolicyForm>;
  label: string;
  helperText?: ReactNode;
}

/**
 * A whole number or amount typed as text (so "20,00,000" can be typed as written) and held in the form as a number:
 * NaN while it is not one, for the contract's schema to name.
 */
function NumberField({ name, control, label, helperText, disabled }: FieldProps & { disabled?: boolean }) {
  const { field, fieldState } = useController({ name, control });
  const [text, setText] = useState(() => textOf(field.value));
  // A value set from outside (a reset after saving, the lowest tier pinned to 0) replaces what is shown.
  useEffect(() => {
    setText((shown) => (sameNumber(parseAmount(shown), field.value) ? shown : textOf(field.value)));
  }, [field.value]);
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(parseAmount(event.target.value));
      }}
      onBlur={field.onBlur}
      disabled={disabled ?? false}
      size="small"
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ width: { sm: 220 }, flexShrink: 0 }}
    />
  );
}

function SelectField<V extends string>({
  name,
  control,
  label,
  labels,
  onChosen,
}: FieldProps & { labels: Record<V, string>; onChosen?: (value: V) => void }) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      label={label}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        onChosen?.(event.target.value as V);
      }}
      onBlur={field.onBlur}
      size="small"
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      sx={{ minWidth: { sm: 320 } }}
    >
      {(Object.keys(labels) as V[]).map((value) => (
        <MenuItem key={value} value={value}>
          {labels[value]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function SwitchField({ name, control, label }: FieldProps) {
  const { field } = useController({ name, control });
  return (
    <FormControlLabel
      control={
        <Switch
          name={field.name}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
    />
  );
}

/** The amount in the words students read ("₹20 LPA"), once it is one. */
function AmountInWords({ control, amount, currency }: { control: Control<PolicyForm>; amount: Path; currency: Path }) {
  const [value, code] = useWatch({ control, name: [amount, currency] });
  if (typeof value !== 'number' || !Number.isFinite(value) || typeof code !== 'string' || !/^[A-Za-z]{3}$/.test(code))
    return null;
  return <>{formatAnnualCtc(value, code.toUpperCase())}</>;
}

interface RuleFieldsProps {
  index: number;
  control: Control<PolicyForm>;
  setValue: UseFormSetValue<PolicyForm>;
}
const paramPath = (index: number, name: string) => `rules.${index}.params.${name}` as Path;

function TiersFields({ index, control, setValue }: RuleFieldsProps) {
  const tiersPath = paramPath(index, 'tiers');
  const tiers = useFieldArray({ control, name: tiersPath as ArrayPath<PolicyForm> });
  const { errors } = useFormState({ control, name: tiersPath });
  const listError: { message?: string; root?: { message?: string } } | undefined = get(errors, tiersPath);
  const currency = paramPath(index, 'currency');
  const lowest = tiers.fields.length - 1;
  const removeTier = (at: number) => {
    tiers.remove(at);
    // The lowest tier always starts at 0, so every CTC has a tier.
    if (at === lowest) setValue(`${tiersPath}.${lowest - 1}.minAnnualCtc` as Path, 0, { shouldDirty: true });
  };
  return (
    <Stack spacing={1.5}>
      <FormTextField
        name={currency}
        control={control}
        label="Currency"
        helperText="The 3-letter code of the CTCs, e.g. INR. An opening paying in another currency is in the lowest tier."
      />
      <Typography variant="body2" color="text.secondary">
        Tiers from the highest CTC down; each starts at a yearly CTC lower than the tier above it.
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Tiers">
        {tiers.fields.map((tier, at) => (
          <Stack
            component="li"
            key={tier.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <FormTextField
              name={`${tiersPath}.${at}.name` as Path}
              control={control}
              label={`Tier ${at + 1} name`}
              placeholder={['Dream', 'A', 'B'][at] ?? ''}
            />
            <NumberField
              name={`${tiersPath}.${at}.minAnnualCtc` as Path}
              control={control}
              label={`Tier ${at + 1} lowest yearly CTC`}
              disabled={at === lowest}
              helperText={
                at === lowest ? (
                  'The lowest tier takes every CTC below the tier above'
                ) : (
                  <AmountInWords
                    control={control}
                    amount={`${tiersPath}.${at}.minAnnualCtc` as Path}
                    currency={currency}
                  />
                )
              }
            />
            <IconButton
              aria-label={`Remove tier ${at + 1}`}
              onClick={() => removeTier(at)}
              disabled={tiers.fields.length <= 2}
              sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {(listError?.message || listError?.root?.message) && (
        <Typography color="error" variant="body2">
          {listError.message ?? listError.root?.message}
        </Typography>
      )}
      <Button
        startIcon={<AddIcon />}
        sx={{ alignSelf: 'flex-start' }}
        disabled={tiers.fields.length >= 10}
        // A new tier goes above the lowest, which keeps its 0.
        onClick={() => tiers.insert(lowest, { name: '', minAnnualCtc: Number.NaN })}
      >
        Add a tier
      </Button>
      <SwitchField
        name={paramPath(index, 'onlyHigherTiers')}
        control={control}
        label="A student who accepted an offer may apply only to higher tiers"
      />
      <NumberField
        name={paramPath(index, 'maxUpgrades')}
        control={control}
        label="Moves up allowed"
        helperText="How many more offers a placed student may accept, each in a higher tier (0: none)"
      />
    </Stack>
  );
}

function PpoFields({ index, control, setValue }: RuleFieldsProps) {
  const mode = useWatch({ control, name: paramPath(index, 'mode') });
  return (
    <Stack spacing={1.5}>
      <SelectField
        name={paramPath(index, 'mode')}
        control={control}
        label="Students who accepted a PPO"
        labels={PPO_MODE_LABELS}
        onChosen={(chosen) => {
          // The amount belongs to the minimum only; barred keeps none, so the saved rule says what it does.
          const barred = chosen === 'barred';
          setValue(paramPath(index, 'minAnnualCtc'), barred ? null : Number.NaN, { shouldDirty: true });
          setValue(paramPath(index, 'currency'), barred ? null : 'INR', { shouldDirty: true });
        }}
      />
      {mode === 'minimumCtc' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <NumberField
            name={paramPath(index, 'minAnnualCtc')}
            control={control}
            label="Lowest yearly CTC"
            helperText={
              <AmountInWords
                control={control}
                amount={paramPath(index, 'minAnnualCtc')}
                currency={paramPath(index, 'currency')}
              />
            }
          />
          <FormTextField name={paramPath(index, 'currency')} control={control} label="Currency" />
        </Stack>
      )}
    </Stack>
  );
}

/** Each kind's parameters (none for a rule that is only on or off). */
const RULE_FIELDS: Record<PolicyRuleKind, (props: RuleFieldsProps) => ReactNode> = {
  maxOffers: ({ index, control }) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <NumberField name={paramPath(index, 'max')} control={control} label="Most offers per student" />
      <SelectField
        name={paramPath(index, 'counting')}
        control={control}
        label="Offers that count"
        labels={COUNTING_LABELS}
      />
    </Stack>
  ),
  ctcTiers: (props) => <TiersFields {...props} />,
  acceptedOfferEndsSeason: () => null,
  gapAfterAccepting: ({ index, control }) => (
    <NumberField name={paramPath(index, 'days')} control={control} label="Days to wait" />
  ),
  ppoHolders: (props) => <PpoFields {...props} />,
  debarAfterAbsences: ({ index, control }) => (
    <NumberField
      name={paramPath(index, 'maxAbsences')}
      control={control}
      label="Absences that debar"
      helperText="Rounds a student booked and missed"
    />
  ),
  offerOutcomes: ({ index, control }) => (
    <Stack spacing={1.5}>
      <SelectField
        name={paramPath(index, 'onRenege')}
        control={control}
        label="A student reneges on an accepted offer"
        labels={RENEGE_LABELS}
      />
      <SelectField
        name={paramPath(index, 'onRescind')}
        control={control}
        label="A company rescinds an accepted offer"
        labels={RESCIND_LABELS}
      />
    </Stack>
  ),
};

/** The rule in the words students will read, as the cell writes it. */
function StudentWords({ index, control }: { index: number; control: Control<PolicyForm> }) {
  const rule = useWatch({ control, name: `rules.${index}` });
  const parsed = typedPolicyRuleSchema.safeParse(rule);
  return (
    <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        Students read
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {parsed.success ? describePolicyRule(parsed.data) : 'Complete the fields above to see what students read.'}
      </Typography>
    </Box>
  );
}

export interface PolicyEditorProps {
  policy: CyclePolicyView;
}

/**
 * The cell writes its cycle's policy from the engine's named rules, each with its parameters and the words students
 * will read. Validated with the contract's schema; the server's refusals land on the field they name
 * (rules.<n>.params.<field>).
 */
export function PolicyEditor({ policy }: PolicyEditorProps) {
  const save = useSavePolicy(policy.cycleId);
  const addId = useId();
  const { control, handleSubmit, formState, reset, setError, setValue } = useForm<PolicyForm, unknown, PolicyBody>({
    resolver: zodResolver(savePolicyBodySchema),
    defaultValues: { cycleId: policy.cycleId, rules: rulesOfView(policy) },
  });
  const rules = useFieldArray({ control, name: 'rules' });
  const used = new Set(rules.fields.map((rule) => rule.kind));
  const addable = policy.kinds.filter(({ kind }) => !used.has(kind));
  const labelOf = (kind: PolicyRuleKind) => policy.kinds.find((entry) => entry.kind === kind)?.label ?? kind;
  const listError = formState.errors.rules?.message ?? formState.errors.rules?.root?.message;

  const submit = handleSubmit(async (body) => {
    try {
      const result = await save.mutateAsync(body);
      showSuccess(result.message);
      reset({ cycleId: result.data.cycleId, rules: rulesOfView(result.data) });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['rules'])) showError(error);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Placement policy">
      <Stack spacing={2}>
        {rules.fields.length === 0 && (
          <Typography color="text.secondary">
            No rules yet: every enrolled student may apply to every opening the cell approved.
          </Typography>
        )}
        {rules.fields.map((rule, index) => {
          const headingId = `${addId}-rule-${rule.id}`;
          return (
            <Paper
              key={rule.id}
              variant="outlined"
              component="section"
              aria-labelledby={headingId}
              sx={{ p: { xs: 1.5, sm: 2 } }}
            >
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                  <Box>
                    <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                      {labelOf(rule.kind)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {RULE_HELP[rule.kind]}
                    </Typography>
                  </Box>
                  <IconButton
                    aria-label={`Remove the rule “${labelOf(rule.kind)}”`}
                    onClick={() => rules.remove(index)}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
                {RULE_FIELDS[rule.kind]({ index, control, setValue })}
                <StudentWords index={index} control={control} />
              </Stack>
            </Paper>
          );
        })}
        {listError && <Alert severity="error">{listError}</Alert>}
        {addable.length > 0 && (
          <TextField
            select
            label="Add a rule"
            value=""
            size="small"
            onChange={(event) => rules.append(blankRule(event.target.value as PolicyRuleKind))}
            sx={{ maxWidth: { sm: 360 } }}
          >
            {addable.map(({ kind, label }) => (
              <MenuItem key={kind} value={kind}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={!formState.isDirty}>
            Save policy
          </Button>
          <Button disabled={!formState.isDirty || formState.isSubmitting} onClick={() => reset()}>
            Discard changes
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
