import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { type MyRound, ROUND_KIND_LABELS, ROUND_LIMITS, ROUND_MODE_LABELS } from '@placely/contract';
import { useState } from 'react';
import { formatDateTime, formatTime, viewerTimeZone } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useChangeBooking } from '../api/changeBooking';
import { useMyRounds } from '../api/getMyRounds';
import { useRequestChange } from '../api/requestChange';

/** Ask the organization for another time (allotted rounds, or past the reschedule cut-off). */
function ChangeRequest({ bookingId, requested }: { bookingId: string; requested: boolean }) {
  const request = useRequestChange();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (requested)
    return <Typography variant="body2">You asked for a change; the organization will get back to you.</Typography>;
  if (!open) return <Button onClick={() => setOpen(true)}>Ask for a change</Button>;
  return (
    <Stack
      component="form"
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        request.mutate(
          { bookingId, reason: reason.trim() },
          { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
        );
      }}
    >
      <TextField
        label="Why do you need another time?"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        slotProps={{ htmlInput: { maxLength: ROUND_LIMITS.reasonLength } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="outlined" disabled={!reason.trim()} loading={request.isPending}>
          Send request
        </Button>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** A slot's time in the viewer's own zone, with the slot's zone named when it differs. */
function when(startsAt: string, timeZone: string) {
  const local = formatDateTime(startsAt);
  if (viewerTimeZone() === timeZone) return local;
  const there = formatTime(startsAt, { timeZone });
  return `${local} (${there} ${timeZone})`;
}

function RoundCard({ round }: { round: MyRound }) {
  const change = useChangeBooking();
  const act = (input: Parameters<typeof change.mutate>[0]) =>
    change.mutate(input, { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) });
  const booking = round.booking;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {round.stageName} — {round.openingTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {round.organizationName} · {ROUND_KIND_LABELS[round.kind]} · {ROUND_MODE_LABELS[round.mode]} ·{' '}
          {round.durationMinutes} min
        </Typography>
        {booking ? (
          <Alert severity="success" sx={{ my: 1 }}>
            Booked: {when(booking.slot.startsAt, booking.slot.timeZone)}
            {booking.slot.venue ? ` · ${booking.slot.venue}` : ''}
            {booking.slot.meetingLink ? ` · ${booking.slot.meetingLink}` : ''}
          </Alert>
        ) : (
          <Alert severity="info" sx={{ my: 1 }}>
            {round.assignment === 'allot'
              ? 'The organization will allot you a slot.'
              : `Book a slot before ${when(round.bookingClosesAt, viewerTimeZone())}.`}
          </Alert>
        )}
        {booking && <ChangeRequest bookingId={booking.id} requested={booking.changeRequested} />}
        {booking && (
          <Button
            color="error"
            disabled={change.isPending}
            onClick={() => act({ action: 'cancel', bookingId: booking.id })}
          >
            Cancel booking
          </Button>
        )}
        {round.openSlots.length > 0 && (
          <Box component="ul" aria-label={`Free slots of ${round.stageName}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {round.openSlots.map((slot) => (
              <Stack component="li" key={slot.id} direction="row" spacing={1} sx={{ py: 0.5, alignItems: 'center' }}>
                <Typography sx={{ flexGrow: 1 }}>
                  {when(slot.startsAt, slot.timeZone)} · {slot.seatsLeft} seat{slot.seatsLeft === 1 ? '' : 's'} left
                </Typography>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={change.isPending}
                  onClick={() =>
                    act(
                      booking
                        ? { action: 'reschedule', bookingId: booking.id, slotId: slot.id }
                        : { action: 'book', roundId: round.roundId, slotId: slot.id },
                    )
                  }
                >
                  {booking ? 'Move here' : 'Book'}
                </Button>
              </Stack>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The candidate's rounds: book, move or cancel within the window and cut-off. */
export function MyRounds() {
  const rounds = useMyRounds();
  if (rounds.isPending) return <CircularProgress aria-label="Loading your rounds" />;
  if (rounds.isError) return <Alert severity="error">Could not load your rounds.</Alert>;
  if (rounds.data.items.length === 0) return <Typography>No interviews or rounds yet.</Typography>;
  return (
    <Stack spacing={2}>
      {rounds.data.items.map((round) => (
        <RoundCard key={round.roundId} round={round} />
      ))}
    </Stack>
  );
}
