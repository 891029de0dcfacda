import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  KNOCKOUT_KINDS,
  type Knockout,
  RANKING_LIMITS,
  RECIPE_CRITERION_HELP,
  RECIPE_CRITERION_KINDS,
  type RecipeCriterion,
  type RecipeCriterionKind,
  type RecipeState,
  recipeSchema,
} from '@placely/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useSaveRecipe } from '../api/saveRecipe';
import { CriteriaEditor } from './CriteriaEditor';

const KNOCKOUT_LABELS: Record<Knockout['kind'], string> = {
  minGrade: 'Grade at least (% of its scale)',
  maxBacklogs: 'At most this many current backlogs',
  graduationYears: 'Graduates in (years, comma-separated)',
  numberAnswerAtLeast: 'Number answer at least',
  choiceAnswerIn: 'Chose one of',
  minVerifiedRecords: 'At least this many verified records',
};

interface Keyed<T> {
  key: number;
  value: T;
}
let nextKey = 0;
const keyed = <T,>(value: T): Keyed<T> => ({ key: nextKey++, value });
function blankCriterion(kind: RecipeCriterionKind, state: RecipeState): RecipeCriterion {
  const number = state.fields.find((f) => f.type === 'number');
  const choice = state.fields.find((f) => f.type === 'choice');
  switch (kind) {
    case 'numberAnswer':
      return { kind, fieldId: number?.id ?? '', weight: 1, better: 'higher' };
    case 'choiceAnswer':
      return { kind, fieldId: choice?.id ?? '', weight: 1, values: {} };
    case 'graduationYear':
      return { kind, weight: 1, better: 'higher' };
    case 'rating':
      return { kind, criterionId: state.criteria[0]?.id ?? '', weight: 1 };
    case 'videoScore':
      return { kind, taskId: state.videoTasks.find((task) => !task.removed)?.id ?? '', weight: 1 };
    case 'scorecard':
      return { kind, roundId: state.rounds[0]?.id ?? '', weight: 1 };
    default:
      return { kind, weight: 1 };
  }
}

function blankKnockout(kind: Knockout['kind'], state: RecipeState): Knockout {
  const number = state.fields.find((f) => f.type === 'number');
  const choice = state.fields.find((f) => f.type === 'choice');
  switch (kind) {
    case 'minGrade':
      return { kind, percent: 60 };
    case 'maxBacklogs':
      return { kind, count: 0 };
    case 'graduationYears':
      return { kind, years: [new Date().getFullYear()] };
    case 'numberAnswerAtLeast':
      return { kind, fieldId: number?.id ?? '', min: 0 };
    case 'choiceAnswerIn':
      return { kind, fieldId: choice?.id ?? '', optionIds: [] };
    case 'minVerifiedRecords':
      return { kind, count: 1 };
  }
}

export interface RecipeEditorProps {
  open: boolean;
  state: RecipeState;
  onClose: () => void;
}

/**
 * The ranking recipe of an opening: weighted criteria (each normalised to 0–1, the score is their weighted share
 * of 100) and knock-outs, kept apart; the rating criteria people rate on. Saving re-ranks at once.
 */
export function RecipeEditor({ open, state, onClose }: RecipeEditorProps) {
  // Rows carry a key of their own: they have no id, and removing one must not hand its inputs to the next.
  const [criteria, setCriteriaRows] = useState<Keyed<RecipeCriterion>[]>([]);
  const [knockouts, setKnockoutRows] = useState<Keyed<Knockout>[]>([]);

  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveRecipe();
  useEffect(() => {
    if (!open) return;
    setCriteriaRows((state.recipe?.criteria ?? []).map(keyed));
    setKnockoutRows((state.recipe?.knockouts ?? []).map(keyed));
    setProblem(null);
  }, [open, state.recipe]);

  const numberFields = state.fields.filter((f) => f.type === 'number');
  const choiceFields = state.fields.filter((f) => f.type === 'choice');
  const liveVideoTasks = state.videoTasks.filter((task) => !task.removed);
  const setCriterion = (i: number, value: RecipeCriterion) =>
    setCriteriaRows((rows) => rows.map((row, j) => (j === i ? { key: row.key, value } : row)));
  const setKnockout = (i: number, value: Knockout) =>
    setKnockoutRows((rows) => rows.map((row, j) => (j === i ? { key: row.key, value } : row)));

  const submit = () => {
    const parsed = recipeSchema.safeParse({
      criteria: criteria.map((row) => row.value),
      knockouts: knockouts.map((row) => row.value),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(`${issue?.path.join(' › ') ?? ''}: ${issue?.message ?? 'Check the recipe'}`);
      return;
    }
    save.mutate(
      { openingId: state.openingId, recipe: parsed.data },
      {
        onSuccess: () => {
          showSuccess('Ranking recipe saved');
          onClose();
        },
        onError: (error: unknown) => showError(error),
      },
    );
  };

  const fieldSelect = (
    value: string,
    fields: RecipeState['fields'],
    onChange: (fieldId: string) => void,
    label = 'Question',
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 180 }}
    >
      {fields.map((field) => (
        <MenuItem key={field.id} value={field.id}>
          {field.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="recipe-title">
      <DialogTitle id="recipe-title">Ranking recipe</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Box component="section" aria-labelledby="recipe-criteria">
            <Typography id="recipe-criteria" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500 }}>
              Weighted criteria
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Each criterion becomes a value from 0 to 1; the score is their weighted share of 100. Missing values count
              0.
            </Typography>
            <Stack spacing={1}>
              {criteria.map(({ key, value: criterion }, i) => (
                <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
                  >
                    <Typography sx={{ minWidth: 140, fontWeight: 500 }}>
                      {RECIPE_CRITERION_HELP[criterion.kind].label}
                    </Typography>
                    {criterion.kind === 'numberAnswer' &&
                      fieldSelect(criterion.fieldId, numberFields, (fieldId) =>
                        setCriterion(i, { ...criterion, fieldId }),
                      )}
                    {criterion.kind === 'choiceAnswer' &&
                      fieldSelect(criterion.fieldId, choiceFields, (fieldId) =>
                        setCriterion(i, { ...criterion, fieldId, values: {} }),
                      )}
                    {criterion.kind === 'rating' && (
                      <TextField
                        select
                        size="small"
                        label="Rated on"
                        value={criterion.criterionId}
                        onChange={(e) => setCriterion(i, { ...criterion, criterionId: e.target.value })}
                        sx={{ minWidth: 160 }}
                      >
                        {state.criteria.map((c) => (
                          <MenuItem key={c.id} value={c.id}>
                            {c.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                    {criterion.kind === 'videoScore' && (
                      <TextField
                        select
                        size="small"
                        label="Video task"
                        value={criterion.taskId}
                        onChange={(e) => setCriterion(i, { ...criterion, taskId: e.target.value })}
                        sx={{ minWidth: 180, maxWidth: '100%' }}
                      >
                        {/* A removed task stays listed (and selected) while the saved recipe uses it. */}
                        {state.videoTasks.map((task) => (
                          <MenuItem key={task.id} value={task.id} disabled={task.removed}>
                            {task.removed ? `${task.title} (removed)` : task.title}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                    {criterion.kind === 'scorecard' && (
                      <TextField
                        select
                        size="small"
                        label="Round"
                        value={criterion.roundId}
                        onChange={(e) => setCriterion(i, { ...criterion, roundId: e.target.value })}
                        sx={{ minWidth: 180, maxWidth: '100%' }}
                      >
                        {state.rounds.map((round) => (
                          <MenuItem key={round.id} value={round.id}>
                            {round.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                    {(criterion.kind === 'numberAnswer' || criterion.kind === 'graduationYear') && (
                      <TextField
                        select
                        size="small"
                        label="Better"
                        value={criterion.better}
                        onChange={(e) =>
                          setCriterion(i, { ...criterion, better: e.target.value as 'higher' | 'lower' })
                        }
                        sx={{ minWidth: 110 }}
                      >
                        <MenuItem value="higher">Higher</MenuItem>
                        <MenuItem value="lower">Lower</MenuItem>
                      </TextField>
                    )}
                    <TextField
                      size="small"
                      type="number"
                      label="Weight"
                      value={criterion.weight}
                      onChange={(e) => setCriterion(i, { ...criterion, weight: Number(e.target.value) })}
                      slotProps={{ htmlInput: { min: 0, max: RANKING_LIMITS.maxWeight, step: 1 } }}
                      sx={{ width: 100 }}
                    />
                    <IconButton
                      aria-label={`Remove ${RECIPE_CRITERION_HELP[criterion.kind].label}`}
                      onClick={() => setCriteriaRows((rows) => rows.filter((_, j) => j !== i))}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Stack>
                  {criterion.kind === 'choiceAnswer' && (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                      {(choiceFields.find((f) => f.id === criterion.fieldId)?.options ?? []).map((option) => (
                        <TextField
                          key={option.id}
                          size="small"
                          type="number"
                          label={`${option.label} is worth`}
                          value={criterion.values[option.id] ?? 0}
                          onChange={(e) =>
                            setCriterion(i, {
                              ...criterion,
                              values: { ...criterion.values, [option.id]: Number(e.target.value) },
                            })
                          }
                          slotProps={{ htmlInput: { min: 0, max: RANKING_LIMITS.choiceValueMax } }}
                          sx={{ width: 150 }}
                        />
                      ))}
                    </Stack>
                  )}
                  <Typography variant="caption" color="text.secondary">
                    {RECIPE_CRITERION_HELP[criterion.kind].normalised}
                  </Typography>
                </Paper>
              ))}
              <TextField
                select
                size="small"
                label="Add a criterion"
                value=""
                onChange={(e) =>
                  setCriteriaRows((rows) => [
                    ...rows,
                    keyed(blankCriterion(e.target.value as RecipeCriterionKind, state)),
                  ])
                }
                sx={{ maxWidth: 260 }}
              >
                {RECIPE_CRITERION_KINDS.filter(
                  (kind) =>
                    (kind !== 'numberAnswer' || numberFields.length > 0) &&
                    (kind !== 'choiceAnswer' || choiceFields.length > 0) &&
                    (kind !== 'videoScore' || liveVideoTasks.length > 0) &&
                    (kind !== 'scorecard' || state.rounds.length > 0),
                ).map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {RECIPE_CRITERION_HELP[kind].label}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Box>

          <Box component="section" aria-labelledby="recipe-knockouts">
            <Typography id="recipe-knockouts" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500 }}>
              Knock-outs
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              A candidate who fails one is not ranked (listed last, with the reason), whatever their score.
            </Typography>
            <Stack spacing={1}>
              {knockouts.map(({ key, value: knockout }, i) => (
                <Stack
                  key={key}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Typography sx={{ minWidth: 220 }}>{KNOCKOUT_LABELS[knockout.kind]}</Typography>
                  <KnockoutInputs
                    knockout={knockout}
                    state={state}
                    onChange={(next) => setKnockout(i, next)}
                    fieldSelect={fieldSelect}
                  />
                  <IconButton
                    aria-label={`Remove ${KNOCKOUT_LABELS[knockout.kind]}`}
                    onClick={() => setKnockoutRows((rows) => rows.filter((_, j) => j !== i))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              ))}
              <TextField
                select
                size="small"
                label="Add a knock-out"
                value=""
                onChange={(e) =>
                  setKnockoutRows((rows) => [...rows, keyed(blankKnockout(e.target.value as Knockout['kind'], state))])
                }
                sx={{ maxWidth: 260 }}
              >
                {KNOCKOUT_KINDS.filter(
                  (kind) =>
                    (kind !== 'numberAnswerAtLeast' || numberFields.length > 0) &&
                    (kind !== 'choiceAnswerIn' || choiceFields.length > 0),
                ).map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {KNOCKOUT_LABELS[kind]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Box>

          <Typography variant="body2" color="text.secondary">
            {state.tieBreak}
          </Typography>
          {problem && <Alert severity="error">{problem}</Alert>}

          <CriteriaEditor openingId={state.openingId} criteria={state.criteria} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={save.isPending} onClick={submit}>
          Save and re-rank
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function KnockoutInputs({
  knockout,
  state,
  onChange,
  fieldSelect,
}: {
  knockout: Knockout;
  state: RecipeState;
  onChange: (next: Knockout) => void;
  fieldSelect: (
    value: string,
    fields: RecipeState['fields'],
    onChange: (fieldId: string) => void,
    label?: string,
  ) => ReactNode;
}) {
  const numberInput = (label: string, value: number, set: (value: number) => void) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value}
      onChange={(e) => set(Number(e.target.value))}
      sx={{ width: 130 }}
    />
  );
  switch (knockout.kind) {
    case 'minGrade':
      return numberInput('Percent', knockout.percent, (percent) => onChange({ ...knockout, percent }));
    case 'maxBacklogs':
    case 'minVerifiedRecords':
      return numberInput('Count', knockout.count, (count) => onChange({ ...knockout, count }));
    case 'graduationYears':
      return (
        <TextField
          size="small"
          label="Years"
          defaultValue={knockout.years.join(', ')}
          onBlur={(e) =>
            onChange({
              ...knockout,
              years: e.target.value
                .split(',')
                .map((year) => Number(year.trim()))
                .filter((year) => Number.isInteger(year) && year > 0),
            })
          }
        />
      );
    case 'numberAnswerAtLeast':
      return (
        <>
          {fieldSelect(
            knockout.fieldId,
            state.fields.filter((f) => f.type === 'number'),
            (fieldId) => onChange({ ...knockout, fieldId }),
          )}
          {numberInput('At least', knockout.min, (min) => onChange({ ...knockout, min }))}
        </>
      );
    case 'choiceAnswerIn': {
      const field = state.fields.find((f) => f.id === knockout.fieldId);
      return (
        <>
          {fieldSelect(
            knockout.fieldId,
            state.fields.filter((f) => f.type === 'choice'),
            (fieldId) => onChange({ ...knockout, fieldId, optionIds: [] }),
          )}
          <TextField
            select
            size="small"
            label="Accepted options"
            value={knockout.optionIds}
            onChange={(e) => {
              const value = e.target.value as unknown as string[] | string;
              onChange({ ...knockout, optionIds: typeof value === 'string' ? value.split(',') : value });
            }}
            slotProps={{ select: { multiple: true } }}
            sx={{ minWidth: 180 }}
          >
            {(field?.options ?? []).map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </>
      );
    }
  }
}
