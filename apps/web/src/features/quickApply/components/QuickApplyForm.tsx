import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Answers,
  type FormDefinition,
  type FormField,
  fieldsOf,
  hasLogic,
  visibilityOf,
  withoutHiddenAnswers,
} from '@placely/contract';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  get,
  type Resolver,
  useForm,
  useWatch,
} from 'react-hook-form';
import { ApiError, errorMessage } from '../../../lib/api/errors';
import type { AnswersValidation } from '../answersValidation';
import { type FormValues, fieldPathsInOrder, finalizeAnswers, formPathOfServerField } from '../formValues';
import { ErrorSummary, type Problem } from './ErrorSummary';
import { errorText, fieldBlockId, ownErrorText, QuickApplyFieldContext } from './formContext';
import { LeafFieldInput } from './LeafFieldInput';
import { RepeatableGroupInput } from './RepeatableGroupInput';

export interface QuickApplyFormProps {
  definition: FormDefinition;
  /** Starting values (see `toFormValues`): the draft, the earlier answers or the auto-fill prefill. */
  initialValues: FormValues;
  /** 'preview' uploads nothing; the caller's `onSubmit` decides what "submit" means there. */
  mode: 'apply' | 'preview';
  /** Top-level field ids filled from the person's auto-fill data. */
  autoFilled?: ReadonlySet<string>;
  submitLabel: string;
  /**
   * Receives the validated answers. A rejection with an ApiError naming `answers.<field>` puts the messages next to
   * the fields; any other rejection is shown above the submit button.
   */
  onSubmit: (answers: Answers) => Promise<void>;
  /** Every change of any value (drafts autosave from here). */
  onValuesChange?: (values: FormValues) => void;
  /** Beside the submit button, e.g. the draft's saved status. */
  actions?: ReactNode;
  /** Disables the form while something else decides (e.g. a submit waiting for the connection). */
  disabled?: boolean;
  /** Why it cannot be sent (a placement cycle's policy): the submit button is disabled and this is said beside it. */
  submitRefusal?: string | null;
}

const NONE: ReadonlySet<string> = new Set();

// zod and the contract's schemas are a third of the form page's first-load JavaScript and nothing needs them before
// the first blur or submit: they load in their own chunk when a form first renders (then stay for every later form).
let validationModule: typeof import('../answersValidation') | undefined;
const loadValidation = () =>
  import('../answersValidation').then((module) => {
    validationModule = module;
    return module;
  });

/** The definition's validation, or undefined until its chunk has loaded (at once when it already has). */
function useAnswersValidation(definition: FormDefinition): AnswersValidation | undefined {
  const [module, setModule] = useState(() => validationModule);
  useEffect(() => {
    if (module) return;
    let live = true;
    void loadValidation().then((loaded) => {
      if (live) setModule(loaded);
    });
    return () => {
      live = false;
    };
  }, [module]);
  return useMemo(() => module?.answersValidationFor(definition), [module, definition]);
}

const FOCUSABLE = 'input:not([hidden]):not([type="hidden"]), textarea, select, button:not([disabled])';

/** The invalid fields in the order the person sees the form, each named ("Projects, row 2: Title") with its error. */
function problemsOf(definition: FormDefinition, values: FormValues, errors: FieldErrors | Map<string, string>) {
  const fields = fieldsOf(definition);
  const groups = new Set(fields.filter((f) => f.type === 'repeatableGroup').map((f) => f.id));
  const messageOf = (path: string) => {
    if (errors instanceof Map) return errors.get(path);
    const error = get(errors, path);
    return groups.has(path) ? ownErrorText(error) : errorText(error);
  };
  const labelOf = (path: string) => {
    const [id, row, subId] = path.split('.');
    const field = fields.find((f) => f.id === id);
    if (!field) return path;
    if (row === undefined || field.type !== 'repeatableGroup') return field.label;
    const sub = field.fields.find((f) => f.id === subId);
    return `${field.label}, row ${Number(row) + 1}: ${sub?.label ?? subId}`;
  };
  const problems: Problem[] = [];
  for (const path of fieldPathsInOrder(definition, values)) {
    const message = messageOf(path);
    if (message) problems.push({ path, label: labelOf(path), message });
  }
  return { problems, isGroup: (path: string) => groups.has(path) };
}

/** Focuses a field (a group's "Add row" button) by its path, after React has drawn the error states. */
function focusField(path: string, isGroup: boolean) {
  window.setTimeout(() => {
    const block = document.getElementById(fieldBlockId(path));
    const target = isGroup
      ? block?.querySelector<HTMLElement>('[data-add-row]')
      : block?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
    if (typeof target?.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
  }, 0);
}

function FieldBlock({ field, autoFilled }: { field: FormField; autoFilled: boolean }) {
  return (
    <Box id={fieldBlockId(field.id)}>
      {field.type === 'repeatableGroup' ? (
        <RepeatableGroupInput field={field} />
      ) : (
        <LeafFieldInput
          field={field}
          path={field.id}
          note={autoFilled ? 'Auto-filled from your profile — you can change it' : null}
        />
      )}
    </Box>
  );
}

/**
 * A Quick Apply form: the definition's sections and questions, validated by the contract's
 * `answersSchemaFor(definition)` — the schema the server applies — with errors next to their fields, the first
 * invalid one focused, and server field errors mapped back onto the fields.
 */
export function QuickApplyForm({
  definition,
  initialValues,
  mode,
  autoFilled = NONE,
  submitLabel,
  onSubmit,
  onValuesChange,
  actions,
  disabled = false,
  submitRefusal = null,
}: QuickApplyFormProps) {
  const refusalId = useId();
  const validation = useAnswersValidation(definition);
  const latest = useRef({ validation, definition });
  latest.current = { validation, definition };
  // One resolver for the form's life: it validates with the current definition's schema, waiting for its chunk when
  // a blur or submit comes first.
  const resolver = useCallback<Resolver<FieldValues>>(async (values, context, options) => {
    const current =
      latest.current.validation ?? (await loadValidation()).answersValidationFor(latest.current.definition);
    if (!current.ok) return { values: {}, errors: { root: { type: 'validate', message: current.message } } };
    return current.resolver(values, context, options);
  }, []);
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver,
    defaultValues: initialValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<Problem[]>([]);
  const uploads = useRef(new Set<string>());
  const [uploading, setUploadingCount] = useState(0);
  const setUploading = useCallback((path: string, busy: boolean) => {
    if (busy) uploads.current.add(path);
    else uploads.current.delete(path);
    setUploadingCount(uploads.current.size);
  }, []);

  const changed = useRef(onValuesChange);
  changed.current = onValuesChange;
  useEffect(() => {
    const subscription = form.watch((values) => changed.current?.(values as FormValues));
    return () => subscription.unsubscribe();
  }, [form]);

  const context = useMemo(() => ({ mode, autoFilled, setUploading }), [mode, autoFilled, setUploading]);
  const hasRequired = fieldsOf(definition).some((field) => field.required);
  // Rules run on every change, as typed (the first render's are the default answers, so the server-rendered page
  // shows the questions that apply to them). A hidden question keeps its value here, so choosing back restores it;
  // it is neither checked nor sent.
  const withLogic = useMemo(() => hasLogic(definition), [definition]);
  const watched = useWatch({ control: form.control, disabled: !withLogic }) as FormValues | undefined;
  const current = withLogic ? (watched ?? initialValues) : initialValues;
  const { hiddenSections, hiddenFields } = withLogic
    ? visibilityOf(definition, current)
    : { hiddenSections: NONE, hiddenFields: NONE };
  const dropped = withLogic ? withoutHiddenAnswers(definition, current).dropped : [];
  const labelOf = (id: string) => fieldsOf(definition).find((field) => field.id === id)?.label ?? id;

  /** Lists the problems at the top and focuses the first; false when none is on a field. */
  const showProblems = (errors: FieldErrors | Map<string, string>) => {
    const { problems, isGroup } = problemsOf(definition, form.getValues(), errors);
    setSummary(problems);
    const first = problems[0];
    if (first) focusField(first.path, isGroup(first.path));
    return first !== undefined;
  };
  const goTo = (path: string) => focusField(path, problemsOf(definition, form.getValues(), new Map()).isGroup(path));

  const submit = form.handleSubmit(
    async (parsed) => {
      setProblem(null);
      setSummary([]);
      try {
        await onSubmit(finalizeAnswers(definition, parsed));
      } catch (error) {
        if (error instanceof ApiError && error.fields?.length) {
          const onFields = new Map<string, string>();
          for (const { field, message } of error.fields) {
            const path = formPathOfServerField(definition, field);
            if (path && !onFields.has(path)) onFields.set(path, message);
          }
          for (const [path, message] of onFields) form.setError(path, { type: 'server', message });
          if (onFields.size > 0 && showProblems(onFields)) {
            setProblem('Please check the highlighted answers.');
            return;
          }
        }
        setProblem(errorMessage(error));
      }
    },
    (errors) => {
      setProblem(null);
      if (!showProblems(errors)) {
        setProblem(errorText(errors) ?? 'Please check the form.');
      }
    },
  );

  if (validation && !validation.ok) {
    return <Alert severity="warning">This form cannot be shown yet: {validation.message}</Alert>;
  }

  return (
    <QuickApplyFieldContext.Provider value={context}>
      <FormProvider {...form}>
        <Box component="form" onSubmit={submit} noValidate aria-label="Application form">
          <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Stack spacing={3}>
              <ErrorSummary problems={summary} onGoTo={goTo} />
              {hasRequired && (
                <Typography variant="body2" color="text.secondary">
                  Questions marked * are required.
                </Typography>
              )}
              {definition.sections
                .filter((section) => !hiddenSections.has(section.id))
                .map((section) => (
                  <Paper
                    key={section.id}
                    variant="outlined"
                    component="section"
                    aria-label={section.title || undefined}
                    sx={{ p: { xs: 2, sm: 3 } }}
                  >
                    {(section.title || section.description) && (
                      <Box sx={{ mb: 2.5 }}>
                        {section.title && (
                          <Typography variant="h6" component="h3">
                            {section.title}
                          </Typography>
                        )}
                        {section.description && (
                          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                            {section.description}
                          </Typography>
                        )}
                      </Box>
                    )}
                    <Stack spacing={3}>
                      {section.fields
                        .filter((field) => !hiddenFields.has(field.id))
                        .map((field) => (
                          <FieldBlock key={field.id} field={field} autoFilled={autoFilled.has(field.id)} />
                        ))}
                      {section.fields.length === 0 && (
                        <Typography variant="body2" color="text.secondary">
                          No questions in this section yet.
                        </Typography>
                      )}
                    </Stack>
                  </Paper>
                ))}
              {dropped.length > 0 && (
                <Alert severity="info" data-testid="dropped-answers">
                  {dropped.length === 1 ? 'Your answer to ' : 'Your answers to '}
                  {dropped.map((id) => `“${labelOf(id)}”`).join(', ')}
                  {dropped.length === 1 ? ' will not be sent: that question' : ' will not be sent: those questions'} no
                  longer apply to your other answers.
                </Alert>
              )}
              {problem && (
                <Alert severity="error" role="alert">
                  {problem}
                </Alert>
              )}
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
              >
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={form.formState.isSubmitting}
                  disabled={uploading > 0 || submitRefusal !== null}
                  aria-describedby={submitRefusal !== null ? refusalId : undefined}
                >
                  {submitLabel}
                </Button>
                {submitRefusal !== null && (
                  <Typography id={refusalId} variant="body2" color="text.secondary">
                    {submitRefusal}
                  </Typography>
                )}
                {uploading > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    Waiting for the upload to finish…
                  </Typography>
                )}
                {actions}
              </Stack>
            </Stack>
          </fieldset>
        </Box>
      </FormProvider>
    </QuickApplyFieldContext.Provider>
  );
}
