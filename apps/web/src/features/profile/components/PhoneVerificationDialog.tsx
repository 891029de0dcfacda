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
import { useMarkPhoneVerified } from '../api/markPhoneVerified';
import { useRequestPhoneCode } from '../api/requestPhoneCode';

export interface PhoneVerificationDialogProps {
  phoneNumber: string | null;
  onClose: () => void;
}

function secondsUntil(iso: string | undefined, now: number): number {
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
}

/** Sends a one-time code to the number, takes the code, then records the number as verified (and primary). */
export function PhoneVerificationDialog({ phoneNumber, onClose }: PhoneVerificationDialogProps) {
  const open = phoneNumber !== null;
  const number = phoneNumber ?? '';
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const requestCode = useRequestPhoneCode();
  const checkCode = useCheckPhoneCode();
  const record = useMarkPhoneVerified();
  const config = useConfig();
  const developmentSms = config.data?.smsSender === 'development';
  const devSms = useDevSms(number, sent?.expiresAt, open && developmentSms);
  const codeId = useId();
  const requestedFor = useRef<string | null>(null);

  const send = () => {
    setProblem(null);
    requestCode.mutate(number, {
      onSuccess: (result) => {
        setSent(result);
        setCode('');
        setCodeError(null);
      },
      onError: (error) => setProblem(error instanceof ApiError ? error.message : 'We could not send a code.'),
    });
  };

  // One code per opening of the dialog ("Send a new code" asks again); the ref guards against repeats.
  // biome-ignore lint/correctness/useExhaustiveDependencies: send is recreated each render and must not re-trigger this
  useEffect(() => {
    if (!open) {
      requestedFor.current = null;
      setSent(null);
      setCode('');
      setCodeError(null);
      setProblem(null);
      return;
    }
    if (requestedFor.current !== number) {
      requestedFor.current = number;
      send();
    }
  }, [open, number]);

  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);

  const resendIn = secondsUntil(sent?.resendAfter, now);
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
                ? `We sent a ${PHONE_CODE.length}-digit code by SMS. It expires in ${PHONE_CODE.ttlSeconds / 60} minutes.`
                : requestCode.isPending
                  ? 'Sending a code…'
                  : 'We will send a code by SMS.'}
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
