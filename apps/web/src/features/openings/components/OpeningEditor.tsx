import { zodResolver } from '@hookform/resolvers/zod';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Compensation,
  type FormDefinition,
  formDefinitionSchema,
  OPENING_KIND_LABELS,
  OPENING_KINDS,
  OPENING_LIMITS,
  OPENING_STATUS_LABELS,
  OPENING_STATUSES,
  type Opening,
  type OpeningInput,
  openingInputSchema,
  PAY_PERIOD_LABELS,
  PAY_PERIODS,
} from '@placely/contract';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useController, useForm, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { Section } from '../../../lib/components/Section';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useNavigationBlocker } from '../../../lib/navigationBlocker';
import { useCreateOpening } from '../api/createOpening';
import { useUpdateOpening } from '../api/updateOpening';
import { allErrors, placeOfError } from '../errorPaths';
import {
  canonicalJson,
  cleanOpeningInput,
  newOpeningInput,
  type OpeningFormValues,
  openingToInput,
  starterForm,
} from '../formModel';
import { FormBuilder } from './builder/FormBuilder';
import { DateTimeInput } from './editor/DateTimeInput';
import { ChipsInput, NumberInput, TextInput } from './editor/inputs';

// The editor library is the heaviest part of this page: it loads while the rest renders.
const RichTextEditor = lazy(() => import('./editor/RichTextEditor'));

const TOP_LEVEL_FIELDS = Object.keys(openingInputSchema.shape);
const DEFAULT_COMPENSATION: Compensation = { min: null, max: null, currency: 'INR', period: 'month' };

function SelectInput({
  name,
  label,
  options,
  helperText,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  helperText?: ReactNode;
}) {
  const { control } = useFormContext<OpeningFormValues>();
  const { field, fieldState } = useController({ name: name as 'kind', control });
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function SwitchInput({ name, label }: { name: 'remote' | 'eligibility.verifiedEducationOnly'; label: string }) {
  const { control } = useFormContext<OpeningFormValues>();
  const { field } = useController({ name, control });
  return (
    <FormControlLabel
      control={
        <Switch
          name={field.name}
          slotProps={{ input: { ref: field.ref } }}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
        />
      }
      label={label}
    />
  );
}

export interface GroupOption {
  id: string;
  name: string;
}

/** Group-only openings: any of the organization's own groups (ids the server checks are the caller's). */
function GroupsInput({ options }: { options: readonly GroupOption[] }) {
  const { control } = useFormContext<OpeningFormValues>();
  const { field, fieldState } = useController({ name: 'eligibility.groupIds', control });
  const selected = field.value ?? [];
  const names = new Map(options.map((option) => [option.id, option.name]));
  const error = fieldState.error?.message ?? (Array.isArray(fieldState.error) ? 'Choose from your groups' : undefined);
  return (
    <Autocomplete
      multiple
      options={options.map((option) => option.id)}
      value={selected}
      onChange={(_event, value) => field.onChange(value)}
      onBlur={field.onBlur}
      getOptionLabel={(id) => names.get(id) ?? 'A group you no longer have'}
      renderValue={(value, getItemProps) =>
        value.map((id, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={names.get(id) ?? 'A group you no longer have'} size="small" {...itemProps} />;
        })
      }
      noOptionsText="You have no groups yet"
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label="Only members of these groups"
          error={Boolean(error)}
          helperText={error ?? 'Empty: anyone eligible may apply. Your groups are under Groups.'}
        />
      )}
    />
  );
}

/** Compensation is optional: switched off it is sent as null, and what was typed comes back when switched on. */
function CompensationInputs() {
  const { control, setValue, getValues } = useFormContext<OpeningFormValues>();
  const compensation = useWatch({ control, name: 'compensation' });
  const stash = useRef<Compensation | null>(null);
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={
          <Switch
            checked={compensation !== null}
            onChange={(event) => {
              if (event.target.checked) {
                setValue('compensation', stash.current ?? DEFAULT_COMPENSATION, { shouldDirty: true });
              } else {
                stash.current = getValues('compensation');
                setValue('compensation', null, { shouldDirty: true, shouldValidate: false });
              }
            }}
          />
        }
        label="Show pay or stipend"
      />
      {compensation !== null && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, sm: 3 }}>
            <NumberInput name="compensation.min" label="From" min={0} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <NumberInput name="compensation.max" label="To" min={0} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextInput name="compensation.currency" label="Currency" helperText="e.g. INR, USD" />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <SelectInput
              name="compensation.period"
              label="Per"
              options={PAY_PERIODS.map((period) => ({ value: period, label: PAY_PERIOD_LABELS[period] }))}
            />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}

/** Quick Apply form or an external link; the form typed so far is kept aside while the link is chosen. */
function ApplyModeInputs() {
  const { control, setValue, getValues } = useFormContext<OpeningFormValues>();
  const applyMode = useWatch({ control, name: 'applyMode' });
  const stash = useRef<FormDefinition | null>(null);
  return (
    <Stack spacing={2}>
      <RadioGroup
        aria-label="How people apply"
        value={applyMode}
        onChange={(event) => {
          const mode = event.target.value as OpeningFormValues['applyMode'];
          if (mode === 'external') {
            stash.current = getValues('form');
            setValue('form', null, { shouldDirty: true });
          } else {
            setValue('form', stash.current ?? starterForm(), { shouldDirty: true });
            setValue('externalLink', null, { shouldDirty: true });
          }
          setValue('applyMode', mode, { shouldDirty: true });
        }}
      >
        <FormControlLabel value="form" control={<Radio />} label="With this opening's Quick Apply form (built below)" />
        <FormControlLabel value="external" control={<Radio />} label="On another website (an external apply link)" />
      </RadioGroup>
      {applyMode === 'external' && (
        <TextInput
          name="externalLink"
          label="External apply link"
          type="url"
          emptyAs={null}
          required
          helperText="We count the clicks, then send people there"
        />
      )}
    </Stack>
  );
}

/** Rebuilding the preview on every keystroke would slow typing down; it follows once typing pauses. */
const PREVIEW_SETTLE_MS = 300;

function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return useDeferredValue(settled);
}

/** The preview of the form as it stands; while a setting is invalid it keeps showing the last valid form. */
function PreviewPane({ renderPreview }: { renderPreview: (definition: FormDefinition) => ReactNode }) {
  const { control } = useFormContext<OpeningFormValues>();
  const form = useWatch({ control, name: 'form' });
  const applyMode = useWatch({ control, name: 'applyMode' });
  const externalLink = useWatch({ control, name: 'externalLink' });
  const deferred = useSettledValue(form, PREVIEW_SETTLE_MS);
  const lastValid = useRef<FormDefinition | null>(null);
  const parsed = useMemo(() => (deferred ? formDefinitionSchema.safeParse(deferred) : null), [deferred]);
  if (parsed?.success) lastValid.current = parsed.data;
  const stale = parsed !== null && !parsed.success;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="opening-preview-heading"
      sx={{
        p: { xs: 1.5, sm: 2 },
        position: { md: 'sticky' },
        top: { md: 80 },
        maxHeight: { md: 'calc(100dvh - 160px)' },
        overflow: { md: 'auto' },
      }}
    >
      <Typography id="opening-preview-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
        Preview
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Exactly as applicants will see the form.
      </Typography>
      {applyMode === 'external' ? (
        <Alert severity="info">
          Applicants are sent to {externalLink ? <strong>{externalLink}</strong> : 'your external link'}; there is no
          form to fill in here.
        </Alert>
      ) : (
        <>
          {stale && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              The preview shows the form as it was before the settings marked in red.
            </Alert>
          )}
          {lastValid.current ? (
            renderPreview(lastValid.current)
          ) : (
            <Typography color="text.secondary">Add a question with a label to see it here.</Typography>
          )}
        </>
      )}
    </Paper>
  );
}

const ERROR_SUMMARY_ID = 'opening-error-summary';

/**
 * The GOV.UK error summary: after a save that could not go ahead, every problem in one list at the top of the
 * editor, each a link to its input (a closed question opens). It follows the errors as they are fixed.
 */
function ErrorSummary({ onGoTo }: { onGoTo: (path: string) => void }) {
  const { errors, submitCount } = useFormState<OpeningFormValues>();
  const { getValues } = useFormContext<OpeningFormValues>();
  const entries = submitCount > 0 ? allErrors(errors) : [];
  if (entries.length === 0) return null;
  return (
    <Alert
      severity="error"
      id={ERROR_SUMMARY_ID}
      tabIndex={-1}
      aria-labelledby={`${ERROR_SUMMARY_ID}-title`}
      sx={{ mb: 3, '&:focus': { outline: 3, outlineColor: 'warning.main' } }}
    >
      <Typography id={`${ERROR_SUMMARY_ID}-title`} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        There {entries.length === 1 ? 'is a problem' : `are ${entries.length} problems`} to fix before saving
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {entries.map(({ path, message }) => (
          <li key={path}>
            <Link
              href={`#${path}`}
              color="error"
              onClick={(event) => {
                event.preventDefault();
                onGoTo(path);
              }}
            >
              {placeOfError(path, getValues())}: {message}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

function focusErrorSummary() {
  requestAnimationFrame(() => {
    const summary = document.getElementById(ERROR_SUMMARY_ID);
    summary?.focus();
    summary?.scrollIntoView({ block: 'start' });
  });
}

function SaveBar({
  saving,
  formVersion,
  problem,
  baseline,
  dirtyRef,
  onPublish,
}: {
  /** Saves with the status Open (a draft's explicit Publish). */
  onPublish: () => void;
  saving: boolean;
  formVersion: number | null;
  problem: string | null;
  /** canonicalJson of the values last loaded or saved. */
  baseline: string;
  /** Written here, read by the editor's navigation guard. */
  dirtyRef: { current: boolean };
}) {
  const values = useWatch<OpeningFormValues>();
  const draft = values.status === 'draft';
  const { errors } = useFormState<OpeningFormValues>();
  const hasErrors = Object.keys(errors).length > 0;
  const isDirty = useMemo(() => canonicalJson(values) !== baseline, [values, baseline]);
  dirtyRef.current = isDirty;
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        mt: 3,
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      {draft ? (
        <>
          <Button type="submit" variant="outlined" startIcon={<SaveIcon />} loading={saving}>
            Save draft
          </Button>
          <Button variant="contained" startIcon={<PublishIcon />} loading={saving} onClick={onPublish}>
            Publish
          </Button>
        </>
      ) : (
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} loading={saving}>
          Save opening
        </Button>
      )}
      <Chip
        size="small"
        color={isDirty ? 'warning' : 'default'}
        label={isDirty ? 'Unsaved changes' : 'All changes saved'}
        role="status"
      />
      {draft && (
        <Typography variant="body2" color="text.secondary">
          Draft: only your team sees it until you publish.
        </Typography>
      )}
      {formVersion !== null && (
        <Typography variant="body2" color="text.secondary" data-testid="form-version">
          Form version {formVersion}
        </Typography>
      )}
      {problem && (
        <Typography variant="body2" color="error" role="alert" sx={{ flexBasis: '100%' }}>
          {problem}
          {hasErrors && (
            <>
              {' '}
              <Link component="button" type="button" color="error" onClick={focusErrorSummary}>
                Show the problems
              </Link>
            </>
          )}
        </Typography>
      )}
    </Paper>
  );
}

export interface OpeningEditorProps {
  /** The saved opening being edited; null to create one. */
  opening: Opening | null;
  /** Renders the applicant's view of a form definition (the page passes the Quick Apply form preview). */
  renderPreview: (definition: FormDefinition) => ReactNode;
  onSaved: (opening: Opening, created: boolean) => void;
  /** The organization's own groups, for group-only openings. */
  groupOptions: readonly GroupOption[];
}

/**
 * Creates or edits an opening: details, eligibility, how people apply and the Quick Apply form, validated by the
 * contract's openingInputSchema, with a live preview. Saving a changed form keeps a new form version.
 */
export function OpeningEditor({ opening, renderPreview, onSaved, groupOptions }: OpeningEditorProps) {
  const initial = useMemo(() => (opening ? openingToInput(opening) : newOpeningInput()), [opening]);
  const methods = useForm<OpeningFormValues, unknown, OpeningInput>({
    resolver: zodResolver(openingInputSchema),
    defaultValues: initial,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const { handleSubmit, setError, setFocus, reset } = methods;
  const create = useCreateOpening();
  const update = useUpdateOpening();
  const [problem, setProblem] = useState<string | null>(null);

  const focusPath = (path: string) => {
    // Two frames for the question holding the error to open; react-hook-form then focuses in a timeout of its own.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        setFocus(path as 'title');
        setTimeout(() => {
          let target: Element | null = document.activeElement;
          const stayed = target instanceof HTMLButtonElement && target.type === 'submit';
          if (!target || target === document.body || stayed) {
            // Nothing focusable under that name (a list's own error): show the error itself.
            const anchor = document.querySelector<HTMLElement>(`[data-error-path="${CSS.escape(path)}"]`);
            if (anchor) {
              anchor.tabIndex = -1;
              anchor.focus();
            }
            target = anchor;
          }
          // The top bar and the sticky save bar may cover it: bring it to the middle of the screen.
          target?.scrollIntoView({ block: 'center' });
        });
      }),
    );
  };

  // Leaving with unsaved changes asks first (inside the app here; closing or reloading the tab in SaveBar).
  const [baseline, setBaseline] = useState(() => canonicalJson(initial));
  const dirtyRef = useRef(false);
  const blocker = useNavigationBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const save = (publish: boolean) =>
    handleSubmit(
      async (values) => {
        setProblem(null);
        const input = cleanOpeningInput(publish ? { ...values, status: 'open' } : values);
        try {
          const saved = opening
            ? await update.mutateAsync({ id: opening.id, opening: input })
            : await create.mutateAsync(input);
          const savedInput = openingToInput(saved);
          dirtyRef.current = false;
          setBaseline(canonicalJson(savedInput));
          reset(savedInput);
          onSaved(saved, opening === null);
        } catch (error) {
          if (applyServerFieldErrors(error, setError, TOP_LEVEL_FIELDS, opening ? 'opening.' : '')) {
            const first = (error as ApiError).fields?.[0]?.field.replace(/^opening\./, '');
            if (first) focusPath(first);
            setProblem('Some settings were not accepted: see the highlighted fields.');
          } else {
            setProblem(error instanceof ApiError ? error.message : 'Could not save. Please try again.');
          }
        }
      },
      (errors) => {
        const count = allErrors(errors).length;
        setProblem(
          `Not saved: ${count === 1 ? 'one setting needs' : `${count} settings need`} fixing (listed at the top).`,
        );
        focusErrorSummary();
      },
    );
  const onSubmit = save(false);

  const applyMode = useWatch({ control: methods.control, name: 'applyMode' });
  return (
    <FormProvider {...methods}>
      {/* The preview is a form of its own, so it sits beside this form rather than inside it. */}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Box component="form" noValidate onSubmit={onSubmit} aria-label={opening ? 'Edit opening' : 'New opening'}>
            <ErrorSummary onGoTo={focusPath} />
            <Section title="Details">
              <Stack spacing={2.5}>
                <TextInput name="title" label="Title" required helperText="e.g. Backend engineering intern" />
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <SelectInput
                      name="kind"
                      label="Kind"
                      options={OPENING_KINDS.map((kind) => ({ value: kind, label: OPENING_KIND_LABELS[kind] }))}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <SelectInput
                      name="status"
                      label="Status"
                      options={OPENING_STATUSES.map((status) => ({
                        value: status,
                        label: OPENING_STATUS_LABELS[status],
                      }))}
                      helperText="A new opening is a draft until you publish it. Open: people can apply."
                    />
                  </Grid>
                </Grid>
                <Suspense
                  fallback={
                    <Skeleton variant="rounded" height={200} role="status" aria-label="Loading the text editor" />
                  }
                >
                  <RichTextEditor
                    name="description"
                    label="Description"
                    helperText={`The role, the team, what you offer (up to ${OPENING_LIMITS.description.toLocaleString()} characters)`}
                  />
                </Suspense>
                <Grid container spacing={2} sx={{ alignItems: 'center' }}>
                  <Grid size={{ xs: 12, sm: 8 }}>
                    <ChipsInput name="locations" label="Locations" helperText="Type a city and press Enter" />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <SwitchInput name="remote" label="Remote" />
                  </Grid>
                </Grid>
                <CompensationInputs />
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <NumberInput name="openingsCount" label="Number of openings" min={1} step={1} />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <NumberInput
                      name="responseCap"
                      label="Response cap"
                      min={1}
                      step={1}
                      helperText="Stop accepting after this many applications (empty: no cap)"
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <DateTimeInput name="deadline" label="Deadline" required />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <TextInput name="startDate" label="Start date" type="date" emptyAs={null} helperText="Optional" />
                  </Grid>
                </Grid>
              </Stack>
            </Section>

            <Section
              title="Eligibility"
              description="Checked when someone applies, and shown to them before they start. Empty means anyone."
            >
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <NumberInput
                    name="eligibility.minGrade"
                    label="Minimum grade"
                    min={0}
                    max={100}
                    helperText="On the applicant's scale, e.g. 7 (CGPA) or 60 (%)"
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <NumberInput name="eligibility.maxBacklogs" label="Maximum backlogs" min={0} max={100} step={1} />
                </Grid>
                <Grid size={12}>
                  <ChipsInput
                    name="eligibility.allowedDegrees"
                    label="Degrees"
                    helperText="e.g. B.Tech, press Enter after each"
                  />
                </Grid>
                <Grid size={12}>
                  <ChipsInput name="eligibility.allowedBranches" label="Branches" helperText="e.g. Computer Science" />
                </Grid>
                <Grid size={12}>
                  <ChipsInput
                    name="eligibility.graduationYears"
                    label="Graduation years"
                    numeric
                    helperText="e.g. 2026"
                  />
                </Grid>
                <Grid size={12}>
                  <GroupsInput options={groupOptions} />
                </Grid>
                <Grid size={12}>
                  <SwitchInput
                    name="eligibility.verifiedEducationOnly"
                    label="Only people whose education is verified by a verification group"
                  />
                </Grid>
              </Grid>
            </Section>

            <Section title="How people apply">
              <ApplyModeInputs />
            </Section>

            {applyMode === 'form' && (
              <Section
                title="Application form"
                description={
                  opening?.formVersion
                    ? `Form version ${opening.formVersion}. Saving a changed form keeps it as version ${opening.formVersion + 1}; applications keep the version they answered.`
                    : 'Sections of questions. Applications record the form version they answered.'
                }
              >
                <FormBuilder />
              </Section>
            )}
            <SaveBar
              saving={create.isPending || update.isPending}
              formVersion={opening?.formVersion ?? null}
              problem={problem}
              baseline={baseline}
              dirtyRef={dirtyRef}
              onPublish={() => void save(true)()}
            />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PreviewPane renderPreview={renderPreview} />
        </Grid>
      </Grid>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        Your changes to this opening are not saved yet.
      </ConfirmDialog>
    </FormProvider>
  );
}
