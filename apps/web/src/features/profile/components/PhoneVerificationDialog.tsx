import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PHONE_CODE, type PhoneCodeSent, phoneCodeValueSchema } from '@placely/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useConfig } from '../../../lib/api/config';
import { ApiError } from '../../../lib/api/errors';
import { showSuccess } from '../../../lib/snackbar';
import { useCheckPhoneCode } from '../api/checkPhoneCode';
import { useDevSms } from '../api/getDevSms';
import { usePhoneCodeStatus } from '../api/getPhoneCodeStatus';
import { useMarkPhoneVerified } from '../api/markPhoneVerified';
import { useRequestPhoneCode } from '../api/requestPhoneCode';

export interface PhoneVerificationDialogProps {
  phoneNumber: string | null;
  onClose: () => void;
}

function expiresInMinutes(iso: string | null, now: number): string {
  const minutes = Math.max(1, Math.ceil(secondsUntil(iso ?? undefined, now) / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function secondsUntil(iso: string | undefined, now: number): number {
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
}

/**
 * Takes the one-time code sent to the number, then records the number as verified (and primary). On opening it asks
 * the server whether a code already sent is still live: then the person types that code (reopening within the
 * cooldown never locks them out); only when there is none, and none was asked for within the cooldown, does it send
 * one. A new code otherwise goes only on "Send a new code", whose label carries the cooldown.
 */
export function PhoneVerificationDialog({ phoneNumber, onClose }: PhoneVerificationDialogProps) {
  const open = phoneNumber !== null;
  const number = phoneNumber ?? '';
  /** The live code: when it expires. */
  const [liveUntil, setLiveUntil] = useState<string | null>(null);
  const [resendAfter, setResendAfter] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Each opening (or another number) gets its own moment, set during render so no effect ever sees the previous
  // opening's answer under the current one.
  const [opening, setOpening] = useState(() => ({ phoneNumber, at: Date.now() }));
  if (opening.phoneNumber !== phoneNumber) setOpening({ phoneNumber, at: Date.now() });
  const openedAt = opening.at;
  const status = usePhoneCodeStatus(number, openedAt, open);
  const requestCode = useRequestPhoneCode();
  const checkCode = useCheckPhoneCode();
  const record = useMarkPhoneVerified();
  const config = useConfig();
  const developmentSms = config.data?.smsSender === 'development';
  const devSms = useDevSms(number, liveUntil ?? undefined, open && developmentSms);
  const codeId = useId();
  const decidedFor = useRef<string | null>(null);

  const send = () => {
    setProblem(null);
    requestCode.mutate(number, {
      onSuccess: (result: PhoneCodeSent) => {
        setLiveUntil(result.expiresAt);
        setResendAfter(result.resendAfter);
        setCode('');
        setCodeError(null);
      },
      onError: (error) => setProblem(error instanceof ApiError ? error.message : 'We could not send a code.'),
    });
  };

  // Once per opening, when the server has said whether a code is live: use it, or send the first one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: send is recreated each render and must not re-trigger this
  useEffect(() => {
    if (!open) {
      decidedFor.current = null;
      setLiveUntil(null);
      setResendAfter(null);
      setCode('');
      setCodeError(null);
      setProblem(null);
      return;
    }
    const thisOpening = `${number}@${openedAt}`;
    if (decidedFor.current === thisOpening || status.isPending) return;
    decidedFor.current = thisOpening;
    if (status.data?.expiresAt) {
      setLiveUntil(status.data.expiresAt);
      setResendAfter(status.data.resendAfter);
    } else if (status.data?.resendAfter) {
      setResendAfter(status.data.resendAfter);
    } else {
      send();
    }
  }, [open, number, openedAt, status.isPending, status.data]);

  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);

  const resendIn = secondsUntil(resendAfter ?? undefined, now);
  const sent = liveUntil !== null && secondsUntil(liveUntil, now) > 0;
  const busy = checkCode.isPending || record.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = phoneCodeValueSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? `Enter the ${PHONE_CODE.length}-digit code`);
      return;
    }
    setProblem(null);
    checkCode.mutate(
      { phoneNumber: number, code: parsed.data },
      {
        onSuccess: () =>
          record.mutate(number, {
            onSuccess: () => {
              showSuccess('Phone number verified');
              onClose();
            },
            onError: (error) => setProblem(error instanceof ApiError ? error.message : 'Please try again.'),
          }),
        onError: (error) => {
          const fieldMessage =
            error instanceof ApiError ? error.fields?.find((f) => f.field === 'code')?.message : null;
          if (fieldMessage) setCodeError(fieldMessage);
          else setProblem(error instanceof ApiError ? error.message : 'Please try again.');
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>Verify {number}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {sent
                ? `We sent a ${PHONE_CODE.length}-digit code by SMS. It expires in ${expiresInMinutes(liveUntil, now)}.`
                : requestCode.isPending || status.isPending
                  ? 'Sending a code…'
                  : resendIn > 0
                    ? 'Ask for a new code when the button allows it.'
                    : 'Ask for a code by SMS.'}
            </DialogContentText>
            {developmentSms && devSms.data && (
              <Alert severity="info">
                Development server: no SMS leaves this machine. The message reads “{devSms.data.body}”
              </Alert>
            )}
            {problem && <Alert severity="error">{problem}</Alert>}
            <TextField
              id={codeId}
              label="Verification code"
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, PHONE_CODE.length));
                if (codeError) setCodeError(null);
              }}
              error={Boolean(codeError)}
              helperText={codeError ?? ' '}
              disabled={!sent}
              autoFocus
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: PHONE_CODE.length },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          <Button onClick={send} disabled={requestCode.isPending || resendIn > 0 || busy}>
            {resendIn > 0 ? `Send a new code (${resendIn}s)` : 'Send a new code'}
          </Button>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={!sent}>
            Verify
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
