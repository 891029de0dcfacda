import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SHORTLIST_LIMITS, SHORTLIST_MESSAGES, type ShareEmailConfirmed } from '@placely/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useConfirmReviewerEmail } from '../api/confirmReviewerEmail';
import { useSendReviewerCode } from '../api/sendReviewerCode';

/**
 * A link that asks reviewers to confirm who they are: the visitor types an address, gets a six-digit code by mail and
 * types it; the reviewer token that comes back goes with every verdict (kept for this browser tab only).
 */
export function ReviewerEmailConfirm({
  token,
  confirmed,
  onConfirmed,
}: {
  token: string;
  confirmed: ShareEmailConfirmed | null;
  onConfirmed: (confirmed: ShareEmailConfirmed) => void;
}) {
  const send = useSendReviewerCode(token);
  const confirm = useConfirmReviewerEmail(token);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  if (confirmed) {
    return (
      <Alert severity="success" data-print="hide">
        Your verdicts carry your confirmed address, {confirmed.email}.
      </Alert>
    );
  }
  return (
    <Stack spacing={1.5} data-print="hide">
      <Alert severity="info">{SHORTLIST_MESSAGES.emailRequired}</Alert>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate(
            { email },
            {
              onSuccess: (result) => {
                setSentTo(result.data.email);
                showSuccess(result.message);
              },
              onError: (error) => showError(error),
            },
          );
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            type="email"
            label="Your email address"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            slotProps={{ htmlInput: { maxLength: SHORTLIST_LIMITS.emailLength, autoComplete: 'email' } }}
          />
          <Button type="submit" variant="outlined" disabled={!email.trim()} loading={send.isPending}>
            {sentTo ? 'Send a new code' : 'Send me a code'}
          </Button>
        </Stack>
      </Box>
      {sentTo && (
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate(
              { email: sentTo, code },
              {
                onSuccess: (result) => {
                  setCodeError(null);
                  onConfirmed(result.data);
                  showSuccess(result.message);
                },
                onError: (error) =>
                  setCodeError(
                    error instanceof ApiError
                      ? (error.fields?.find((f) => f.field === 'code')?.message ?? error.message)
                      : 'That did not work. Please try again.',
                  ),
              },
            );
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              size="small"
              label={`Code sent to ${sentTo}`}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={codeError !== null}
              helperText={codeError ?? 'Six digits, from the mail'}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            />
            <Button type="submit" variant="contained" disabled={code.trim().length !== 6} loading={confirm.isPending}>
              Confirm
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
