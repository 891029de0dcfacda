import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { minutesClock, ROUND_LIMITS, type Round, slotStartMinutes } from '@placely/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { viewerTimeZone } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useGenerateSlots } from '../api/generateSlots';

const tomorrow = () => new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);

/**
 * "9:00–17:00, 30 min, 6 panels, lunch 13:00–14:00": the day's slots on the chosen panels, previewed with the same
 * rule the server applies (contract `slotStartMinutes`) before anything is created; the server creates all or none.
 */
export function SlotGeneratorDialog({ round, onClose }: { round: Round; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const generate = useGenerateSlots();
  const [panelIds, setPanelIds] = useState<string[]>(round.panels.map((p) => p.id));
  const [date, setDate] = useState(tomorrow);
  const [timeZone, setTimeZone] = useState(() => viewerTimeZone());
  const [from, setFrom] = useState('09:00');
  const [to, setTo] = useState('17:00');
  const [minutes, setMinutes] = useState(String(round.durationMinutes));
  const [capacity, setCapacity] = useState('1');
  const [breaks, setBreaks] = useState([{ key: 0, from: '13:00', to: '14:00' }]);
  const [nextKey, setNextKey] = useState(1);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = Number(minutes);
  const starts = slotStartMinutes({ from, to, step: Number.isInteger(step) ? step : 0, breaks });
  const total = starts.length * panelIds.length;
  const toggle = (id: string) =>
    setPanelIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  const submit = () =>
    generate.mutate(
      {
        roundId: round.id,
        panelIds,
        date,
        timeZone,
        from,
        to,
        slotMinutes: step,
        capacity: Number(capacity),
        breaks: breaks.map(({ from, to }) => ({ from, to })),
      },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.length) {
            setFieldErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
          } else showError(error);
        },
      },
    );
  const err = (name: string) => fieldErrors[name];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>Generate slots</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormGroup aria-labelledby="generator-panels">
            <FormLabel id="generator-panels">Panels</FormLabel>
            {round.panels.map((panel) => (
              <FormControlLabel
                key={panel.id}
                control={<Checkbox checked={panelIds.includes(panel.id)} onChange={() => toggle(panel.id)} />}
                label={panel.name}
              />
            ))}
          </FormGroup>
          {err('panelIds') && <Alert severity="error">{err('panelIds')}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Day"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(err('date'))}
              helperText={err('date')}
            />
            <TextField
              label="Time zone"
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              error={Boolean(err('timeZone'))}
              helperText={err('timeZone') ?? 'e.g. Asia/Kolkata'}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="From"
              type="time"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(err('from'))}
              helperText={err('from')}
            />
            <TextField
              label="To"
              type="time"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(err('to'))}
              helperText={err('to')}
            />
            <TextField
              label="Minutes per slot"
              type="number"
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              slotProps={{
                htmlInput: { min: ROUND_LIMITS.minDurationMinutes, max: ROUND_LIMITS.maxDurationMinutes },
              }}
              error={Boolean(err('slotMinutes'))}
              helperText={err('slotMinutes')}
            />
            <TextField
              label="Seats per slot"
              type="number"
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
              slotProps={{ htmlInput: { min: 1, max: ROUND_LIMITS.maxCapacity } }}
              error={Boolean(err('capacity'))}
              helperText={err('capacity') ?? '1 for an interview, 10 for a group discussion'}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3">
            Breaks
          </Typography>
          {breaks.map((b, i) => (
            <Stack key={b.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                size="small"
                label={`Break ${i + 1} from`}
                type="time"
                value={b.from}
                onChange={(e) => setBreaks((all) => all.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)))}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                size="small"
                label={`Break ${i + 1} to`}
                type="time"
                value={b.to}
                onChange={(e) => setBreaks((all) => all.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)))}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(err(`breaks.${i}.to`))}
                helperText={err(`breaks.${i}.to`)}
              />
              <IconButton
                aria-label={`Remove break ${i + 1}`}
                onClick={() => setBreaks((all) => all.filter((_x, j) => j !== i))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <div>
            <Button
              startIcon={<AddIcon />}
              disabled={breaks.length >= 10}
              onClick={() => {
                setBreaks((all) => [...all, { key: nextKey, from: '11:00', to: '11:15' }]);
                setNextKey((k) => k + 1);
              }}
            >
              Add a break
            </Button>
          </div>
          <Alert severity={total > 0 ? 'info' : 'warning'} role="status" aria-live="polite">
            {total > 0
              ? `Preview: ${total} slot${total === 1 ? '' : 's'} — ${starts.length} per panel × ${panelIds.length} panel${panelIds.length === 1 ? '' : 's'}: ${starts.map(minutesClock).join(', ')}`
              : 'No slot fits: check the times, the breaks and the panels.'}
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={total === 0} loading={generate.isPending} onClick={submit}>
          Create {total} slot{total === 1 ? '' : 's'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
