import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  ROUND_KIND_LABELS,
  ROUND_KINDS,
  ROUND_LIMITS,
  ROUND_MODE_LABELS,
  ROUND_MODES,
  type Round,
  requiredText,
  roundSettingsBodySchema,
  z,
} from '@placely/contract';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useSaveRound } from '../api/saveRound';

/** The form: the contract's settings, with the window as local date-times and the criteria as rows. */
const formSchema = roundSettingsBodySchema
  .pick({ kind: true, mode: true, assignment: true, venue: true, meetingLink: true })
  .extend({
    durationMinutes: z.coerce
      .number<string | number>({ message: 'Enter minutes' })
      .int()
      .min(ROUND_LIMITS.minDurationMinutes)
      .max(ROUND_LIMITS.maxDurationMinutes),
    rescheduleCutoffHours: z.coerce
      .number<string | number>({ message: 'Enter hours' })
      .int()
      .min(0)
      .max(ROUND_LIMITS.maxCutoffHours),
    opensAt: z.string().min(1, 'Choose when booking opens'),
    closesAt: z.string().min(1, 'Choose when booking closes'),
    criteria: z.array(z.object({ name: requiredText(ROUND_LIMITS.nameLength) })).max(ROUND_LIMITS.maxCriteria),
  })
  .refine((values) => new Date(values.opensAt) < new Date(values.closesAt), {
    path: ['closesAt'],
    message: 'Booking must close after it opens',
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** An instant as the value of a datetime-local input, in the viewer's zone. */
const localInput = (iso: string) => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

function defaults(round: Round | null): FormInput {
  const now = Date.now();
  return {
    kind: round?.kind ?? 'interview',
    mode: round?.mode ?? 'onCampus',
    assignment: round?.assignment ?? 'self',
    venue: round?.venue ?? '',
    meetingLink: round?.meetingLink ?? '',
    durationMinutes: round?.durationMinutes ?? 30,
    rescheduleCutoffHours: round?.rescheduleCutoffHours ?? 24,
    opensAt: localInput(round?.bookingOpensAt ?? new Date(now).toISOString()),
    closesAt: localInput(round?.bookingClosesAt ?? new Date(now + 7 * 24 * 3_600_000).toISOString()),
    criteria: round ? round.criteria.map((c) => ({ name: c.name })) : [{ name: 'Problem solving' }],
  };
}

/**
 * A stage's round settings: kind, mode with venue or link, duration, the booking window and reschedule cut-off,
 * self-booking or allotment, and the scorecard template (criteria scored 1–5, then the overall recommendation and
 * notes every scorecard has).
 */
export function RoundSettingsDialog(props: {
  openingId: string;
  stage: { id: string; name: string };
  round: Round | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveRound();
  const { control, handleSubmit, register, setError, watch, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(props.round),
  });
  const criteria = useFieldArray({ control, name: 'criteria' });
  const mode = watch('mode');
  const submit = handleSubmit((values) =>
    save.mutate(
      {
        openingId: props.openingId,
        stageId: props.stage.id,
        kind: values.kind,
        mode: values.mode,
        durationMinutes: values.durationMinutes,
        venue: values.mode === 'onCampus' ? values.venue || null : null,
        meetingLink: values.mode === 'online' ? values.meetingLink || null : null,
        bookingOpensAt: new Date(values.opensAt).toISOString(),
        bookingClosesAt: new Date(values.closesAt).toISOString(),
        rescheduleCutoffHours: values.rescheduleCutoffHours,
        assignment: values.assignment,
        criteria: values.criteria.map((c) => c.name),
      },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          props.onClose();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, Object.keys(formSchema.shape ?? {}))) showError(error);
        },
      },
    ),
  );
  const errorOf = (name: keyof FormInput) => formState.errors[name]?.message;
  const select = (name: 'kind' | 'mode' | 'assignment', label: string, options: [string, string][]) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField select label={label} {...field} value={field.value ?? ''} sx={{ minWidth: 180 }}>
          {options.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>Round: {props.stage.name}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="round-settings" spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {select(
              'kind',
              'Kind',
              ROUND_KINDS.map((k) => [k, ROUND_KIND_LABELS[k]]),
            )}
            {select(
              'mode',
              'Mode',
              ROUND_MODES.map((m) => [m, ROUND_MODE_LABELS[m]]),
            )}
            <TextField
              label="Duration (minutes)"
              type="number"
              {...register('durationMinutes')}
              error={Boolean(errorOf('durationMinutes'))}
              helperText={errorOf('durationMinutes')}
            />
          </Stack>
          {mode === 'onCampus' && (
            <TextField
              label="Venue"
              {...register('venue')}
              slotProps={{ htmlInput: { maxLength: ROUND_LIMITS.venueLength } }}
              error={Boolean(errorOf('venue'))}
              helperText={errorOf('venue')}
            />
          )}
          {mode === 'online' && (
            <TextField
              label="Meeting link"
              type="url"
              {...register('meetingLink')}
              error={Boolean(errorOf('meetingLink'))}
              helperText={errorOf('meetingLink')}
            />
          )}
          {select('assignment', 'How candidates get a slot', [
            ['self', 'They book a slot themselves'],
            ['allot', 'The organization allots slots'],
          ])}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Booking opens"
              type="datetime-local"
              {...register('opensAt')}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errorOf('opensAt'))}
              helperText={errorOf('opensAt')}
            />
            <TextField
              label="Booking closes"
              type="datetime-local"
              {...register('closesAt')}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errorOf('closesAt'))}
              helperText={errorOf('closesAt')}
            />
            <TextField
              label="No changes within (hours)"
              type="number"
              {...register('rescheduleCutoffHours')}
              error={Boolean(errorOf('rescheduleCutoffHours'))}
              helperText={errorOf('rescheduleCutoffHours') ?? 'Reschedule cut-off before the slot'}
            />
          </Stack>
          <Typography variant="subtitle1" component="h3">
            Scorecard
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Each panelist scores every criterion from 1 to 5, then gives an overall recommendation (
            {RECOMMENDATIONS.map((r) => RECOMMENDATION_LABELS[r].toLowerCase()).join(' / ')}) and notes.
          </Typography>
          <Stack component="ol" spacing={1} sx={{ pl: 0, m: 0, listStyle: 'none' }} aria-label="Scorecard criteria">
            {criteria.fields.map((row, i) => (
              <Stack component="li" key={row.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  size="small"
                  label={`Criterion ${i + 1}`}
                  {...register(`criteria.${i}.name`)}
                  slotProps={{ htmlInput: { maxLength: ROUND_LIMITS.nameLength } }}
                  error={Boolean(formState.errors.criteria?.[i]?.name)}
                  helperText={formState.errors.criteria?.[i]?.name?.message}
                  sx={{ flex: 1 }}
                />
                <IconButton aria-label={`Remove criterion ${i + 1}`} onClick={() => criteria.remove(i)}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <div>
            <Button
              startIcon={<AddIcon />}
              disabled={criteria.fields.length >= ROUND_LIMITS.maxCriteria}
              onClick={() => criteria.append({ name: '' })}
            >
              Add a criterion
            </Button>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button type="submit" form="round-settings" variant="contained" loading={save.isPending}>
          Save round
        </Button>
      </DialogActions>
    </Dialog>
  );
}
