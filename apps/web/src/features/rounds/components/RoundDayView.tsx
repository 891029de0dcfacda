import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormLabel,
  List,
  ListItem,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  ATTENDANCE,
  type Attendance,
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  type Recommendation,
} from '@placely/contract';
import { useState } from 'react';
import { formatTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useRoundDay } from '../api/getRoundDay';
import { useMarkAttendance } from '../api/markAttendance';
import { useMoveByRecommendation } from '../api/moveByRecommendation';
import { useRemindNotBooked } from '../api/remindNotBooked';
import { ScorecardDialog } from './ScorecardDialog';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const LABEL: Record<Attendance, string> = { present: 'Present', absent: 'Absent', late: 'Late' };
const time = (iso: string, timeZone: string) => formatTime(iso, { timeZone });

/** After the round: everyone whose every scorecard says one of the chosen recommendations → another stage. */
function BulkMove({ roundId, stages }: { roundId: string; stages: { id: string; name: string }[] }) {
  const move = useMoveByRecommendation();
  const [chosen, setChosen] = useState<Recommendation[]>(['yes', 'strongYes']);
  const [to, setTo] = useState(stages[0]?.id ?? '');
  if (stages.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="bulk-move-heading" sx={{ '@media print': { display: 'none' } }}>
      <Typography id="bulk-move-heading" variant="h6" component="h2">
        Move candidates on
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormGroup row aria-labelledby="bulk-move-which">
          <FormLabel id="bulk-move-which" sx={{ mr: 1, alignSelf: 'center' }}>
            Every scorecard says
          </FormLabel>
          {RECOMMENDATIONS.map((r) => (
            <FormControlLabel
              key={r}
              control={
                <Checkbox
                  checked={chosen.includes(r)}
                  onChange={() => setChosen((all) => (all.includes(r) ? all.filter((x) => x !== r) : [...all, r]))}
                />
              }
              label={RECOMMENDATION_LABELS[r]}
            />
          ))}
        </FormGroup>
        <TextField select size="small" label="Move to" value={to} onChange={(e) => setTo(e.target.value)}>
          {stages.map((stage) => (
            <MenuItem key={stage.id} value={stage.id}>
              {stage.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || !to}
          loading={move.isPending}
          onClick={() =>
            move.mutate(
              { roundId, toStageId: to, recommendations: chosen },
              { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
            )
          }
        >
          Move
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The day view: one block per slot time, panels side by side (stacked on a phone), each booking with attendance
 * buttons; who waits on a change and who has not booked (one click reminds them). Prints for the venue.
 */
export function RoundDayView({
  roundId,
  date,
  timeZone,
  moveTo = [],
}: {
  roundId: string;
  date: string;
  timeZone: string;
  /** Stages candidates can be moved on to (the bulk move shows for those who may manage the round). */
  moveTo?: { id: string; name: string }[];
}) {
  const day = useRoundDay(roundId, date, timeZone);
  const mark = useMarkAttendance();
  const remind = useRemindNotBooked();
  const [scoring, setScoring] = useState<{ applicationId: string; candidateName: string } | null>(null);
  if (day.isPending) return <CircularProgress aria-label="Loading the day" />;
  if (day.isError) return <Alert severity="error">Could not load this day.</Alert>;
  const { panels, slots, notBooked, waiting, abilities } = day.data;
  const times = [...new Set(slots.map((slot) => slot.startsAt))];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ '@media print': { display: 'none' } }}>
        <Button variant="outlined" onClick={() => window.print()}>
          Print
        </Button>
        {abilities.manage && notBooked.length > 0 && (
          <Button
            variant="contained"
            disabled={remind.isPending}
            onClick={() =>
              remind.mutate(roundId, {
                onSuccess: (result) => showSuccess(result.message),
                onError: (error) => showError(error),
              })
            }
          >
            Remind {notBooked.length} not booked
          </Button>
        )}
      </Stack>
      {times.length === 0 && <Typography>No slots on this day.</Typography>}
      {times.map((startsAt) => (
        <Box key={startsAt} component="section" aria-label={`Slots at ${time(startsAt, timeZone)}`}>
          <Typography variant="subtitle1" component="h2">
            {time(startsAt, timeZone)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(panels.length, 6)}, 1fr)` },
            }}
          >
            {panels.map((panel) => {
              const slot = slots.find((s) => s.startsAt === startsAt && s.panelId === panel.id);
              return (
                <Box key={panel.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
                  <Typography variant="caption" component="h3">
                    {panel.name}
                  </Typography>
                  {!slot && <Typography variant="body2">—</Typography>}
                  {slot && slot.bookings.length === 0 && <Typography variant="body2">Free</Typography>}
                  {slot?.bookings.map((booking) => (
                    <Box key={booking.id} sx={{ py: 0.5 }}>
                      <Typography variant="body2">
                        {booking.candidateName}
                        {booking.recommendations.length > 0 &&
                          ` · ${booking.recommendations.map((r) => RECOMMENDATION_LABELS[r]).join(', ')}`}
                      </Typography>
                      <Button
                        size="small"
                        sx={{ minHeight: 44, '@media print': { display: 'none' } }}
                        onClick={() =>
                          setScoring({ applicationId: booking.applicationId, candidateName: booking.candidateName })
                        }
                      >
                        Scorecard
                        <Box component="span" sx={visuallyHidden}>
                          {` for ${booking.candidateName}`}
                        </Box>
                      </Button>
                      {abilities.mark && (
                        <ToggleButtonGroup
                          size="small"
                          exclusive
                          value={booking.attendance}
                          aria-label={`Attendance of ${booking.candidateName}`}
                          onChange={(_event, value: Attendance | null) =>
                            value &&
                            mark.mutate(
                              { bookingId: booking.id, attendance: value },
                              {
                                onSuccess: (result) => showSuccess(result.message),
                                onError: (error) => showError(error),
                              },
                            )
                          }
                        >
                          {ATTENDANCE.map((value) => (
                            <ToggleButton key={value} value={value} sx={{ minHeight: 44 }}>
                              {LABEL[value]}
                            </ToggleButton>
                          ))}
                        </ToggleButtonGroup>
                      )}
                    </Box>
                  ))}
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
      {waiting.length > 0 && (
        <Box component="section" aria-label="Waiting on a change">
          <Typography variant="h6" component="h2">
            Waiting on a change
          </Typography>
          <List dense>
            {waiting.map((w) => (
              <ListItem key={w.bookingId}>
                {w.candidateName}: {w.reason}
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {abilities.manage && <BulkMove roundId={roundId} stages={moveTo} />}
      {scoring && (
        <ScorecardDialog
          roundId={roundId}
          applicationId={scoring.applicationId}
          candidateName={scoring.candidateName}
          onClose={() => setScoring(null)}
        />
      )}
      <Box component="section" aria-label="Not booked">
        <Typography variant="h6" component="h2">
          Not booked ({notBooked.length})
        </Typography>
        <List dense>
          {notBooked.map((row) => (
            <ListItem key={row.applicationId}>{row.candidateName}</ListItem>
          ))}
        </List>
      </Box>
    </Stack>
  );
}
