import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  CTC_PERIOD_LABELS,
  CTC_PERIODS,
  type CtcPeriod,
  createOfferBodySchema,
  OFFER_KIND_LABELS,
  OFFER_KINDS_MADE,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type Offer,
  type OfferCheck,
  type OfferKindMade,
  type PolicyRefusal,
  z,
} from '@placely/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCheckOffer } from '../api/checkOffer';
import { useCreateOffer } from '../api/createOffer';
import { EndOfferDialog } from './EndOfferDialog';
import { OfferLetterField } from './OfferLetterField';

/** What the form holds: the create-offer body as typed (the amount as text, the deadline as local wall time). */
export interface OfferFormValues {
  applicationId: string;
  role: string;
  kind: OfferKindMade;
  ctc: { amount: string; currency: string; period: CtcPeriod };
  location: string;
  /** YYYY-MM-DD, or '' for none. */
  joiningDate: string;
  letterFileId: string | null;
  /** A `datetime-local` value in the viewer's time zone. */
  respondBy: string;
}

type OfferBody = z.output<typeof createOfferBodySchema>;

const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value for a moment, in the viewer's zone. */
export const localDateTime = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** The body the form's values make; what does not parse is left for the contract's schema to name. */
export function offerBodyOf(values: OfferFormValues) {
  const amount = values.ctc.amount.trim();
  const respondBy = new Date(values.respondBy);
  return {
    ...values,
    ctc: { ...values.ctc, amount: amount === '' ? undefined : Number(amount.replaceAll(',', '')) },
    joiningDate: values.joiningDate || null,
    respondBy: values.respondBy && !Number.isNaN(respondBy.getTime()) ? respondBy.toISOString() : '',
  };
}

/**
 * The contract's create-offer body over the form's values, with the server's time-to-answer limits checked here
 * too (the server checks them again against its clock).
 */
export const offerFormSchema = z.preprocess(
  (values: OfferFormValues) => offerBodyOf(values),
  createOfferBodySchema.superRefine(
    (body, context) => {
      const at = Date.parse(body.respondBy);
      if (at < Date.now() + OFFER_LIMITS.minRespondHours * 3_600_000) {
        context.addIssue({ code: 'custom', path: ['respondBy'], message: OFFER_MESSAGES.respondByPast });
      } else if (at > Date.now() + OFFER_LIMITS.maxRespondDays * 86_400_000) {
        context.addIssue({ code: 'custom', path: ['respondBy'], message: OFFER_MESSAGES.respondByTooFar });
      }
    },
    // Judged beside the other fields' problems (all named at once), unless the time itself did not parse.
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'respondBy') },
  ),
);

const FORM_FIELDS = ['role', 'kind', 'ctc', 'location', 'joiningDate', 'letterFileId', 'respondBy'] as const;

/** What the placement policy says of an offer: each rule that would not allow it, and why. */
function PolicyWarnings({ warnings }: { warnings: PolicyRefusal[] }) {
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>
        {warnings.length === 1 ? 'One rule' : `${warnings.length} rules`} of the cycle’s policy would not allow it
      </AlertTitle>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((warning) => (
          <li key={warning.rule}>
            <strong>{warning.label}:</strong> {warning.message}
          </li>
        ))}
      </Stack>
    </Alert>
  );
}

export interface OfferDialogProps {
  openingId: string;
  applicationId: string;
  /** Named in the title when known. */
  candidateName?: string | null | undefined;
  /** The role to start from (the opening's title). */
  defaultRole?: string | undefined;
  /** The offer was sent (its warnings, if any, already shown and kept). */
  onMade?: (offer: Offer) => void;
  onClose: () => void;
}

/**
 * "Make the offer": moving a candidate to the Offered stage asks for it — role, kind, CTC or stipend with currency and
 * period, location, joining date, the letter (PDF) and the time the student has to answer. Sending it moves the
 * candidate to Offered. Before sending, the server checks the offer against the placement cycle's policy (outside a
 * cycle there is nothing to check): when it would warn, the company sends anyway or changes the offer. The offer made
 * carries the policy's warnings as judged then; one not confirmed before (the student's facts changed meanwhile) is
 * shown after sending — the offer exists already (the cell is told), so the company keeps it or withdraws it.
 */
export function OfferDialog({
  openingId,
  applicationId,
  candidateName,
  defaultRole,
  onMade,
  onClose,
}: OfferDialogProps) {
  const create = useCreateOffer();
  const check = useCheckOffer();
  const [uploading, setUploading] = useState(false);
  const [sent, setSent] = useState<Offer | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  // The offer the policy would warn about, waiting for "Send anyway" or "Change the offer".
  const [confirming, setConfirming] = useState<{ body: OfferBody; check: OfferCheck } | null>(null);
  const [sendingAnyway, setSendingAnyway] = useState(false);
  const { control, register, handleSubmit, formState, setError } = useForm<OfferFormValues, unknown, OfferBody>({
    resolver: zodResolver(offerFormSchema),
    defaultValues: {
      applicationId,
      role: defaultRole ?? '',
      kind: 'full-time',
      ctc: { amount: '', currency: 'INR', period: 'year' },
      location: '',
      joiningDate: '',
      letterFileId: null,
      respondBy: localDateTime(new Date(Date.now() + 7 * 86_400_000)),
    },
  });
  const errors = formState.errors;
  /** Makes the offer; `confirmed`: the warnings the company already chose to send it with. */
  const send = async (body: OfferBody, confirmed: PolicyRefusal[]) => {
    try {
      const result = await create.mutateAsync(body);
      const unconfirmed = result.data.policyWarnings.some(
        (warning) => !confirmed.some((seen) => seen.rule === warning.rule),
      );
      if (unconfirmed) {
        setSent(result.data);
        return;
      }
      showSuccess(result.message);
      onMade?.(result.data);
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FORM_FIELDS)) showError(error);
    }
  };
  const submit = handleSubmit(async (body) => {
    let checked: OfferCheck;
    try {
      checked = await check.mutateAsync(body);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FORM_FIELDS)) showError(error);
      return;
    }
    if (checked.policyWarnings.length > 0) {
      setConfirming({ body, check: checked });
      return;
    }
    await send(body, []);
  });
  const sendAnyway = async () => {
    if (!confirming) return;
    setSendingAnyway(true);
    await send(confirming.body, confirming.check.policyWarnings);
    setSendingAnyway(false);
    setConfirming(null);
  };
  const who = candidateName ? ` to ${candidateName}` : '';

  if (sent) {
    const keep = () => {
      showSuccess(OFFER_MESSAGES.created);
      onMade?.(sent);
      onClose();
    };
    return (
      <>
        <Dialog open onClose={keep} aria-labelledby="offer-warning-title" fullWidth maxWidth="sm">
          <DialogTitle id="offer-warning-title">The placement policy warns about this offer</DialogTitle>
          <DialogContent>
            <PolicyWarnings warnings={sent.policyWarnings} />
            <DialogContentText sx={{ mt: 2 }}>
              The offer{who} was sent all the same, and the placement cell was told. Keep it if the cell agreed (it can
              grant an exception), or withdraw it now with a reason the student is told.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button color="error" onClick={() => setWithdrawing(true)}>
              Withdraw the offer…
            </Button>
            <Button variant="contained" onClick={keep}>
              Keep the offer
            </Button>
          </DialogActions>
        </Dialog>
        {withdrawing && (
          <EndOfferDialog
            openingId={openingId}
            offer={sent}
            action="withdraw"
            onClose={(ended) => {
              setWithdrawing(false);
              if (ended) onClose();
            }}
          />
        )}
      </>
    );
  }

  const changeOffer = () => setConfirming(null);
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="offer-dialog-title" fullWidth maxWidth="sm">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="offer-dialog-title">Make the offer{who}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Sending it moves the candidate to Offered; they accept or decline in Placely before the time you give.
            </DialogContentText>
            <Stack spacing={2}>
              <TextField
                {...register('role')}
                label="Role"
                required
                fullWidth
                error={Boolean(errors.role)}
                helperText={errors.role?.message}
                slotProps={{ htmlInput: { maxLength: OFFER_LIMITS.roleLength } }}
              />
              <Controller
                name="kind"
                control={control}
                render={({ field }) => (
                  <TextField select label="Kind of offer" {...field} fullWidth error={Boolean(errors.kind)}>
                    {OFFER_KINDS_MADE.map((kind) => (
                      <MenuItem key={kind} value={kind}>
                        {OFFER_KIND_LABELS[kind]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  {...register('ctc.amount')}
                  label="CTC or stipend"
                  required
                  inputMode="decimal"
                  error={Boolean(errors.ctc?.amount)}
                  helperText={errors.ctc?.amount?.message ?? 'The amount, in the currency below'}
                  sx={{ flex: 2 }}
                />
                <TextField
                  {...register('ctc.currency')}
                  label="Currency"
                  required
                  error={Boolean(errors.ctc?.currency)}
                  helperText={errors.ctc?.currency?.message ?? 'e.g. INR, USD'}
                  slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters' } }}
                  sx={{ flex: 1 }}
                />
                <Controller
                  name="ctc.period"
                  control={control}
                  render={({ field }) => (
                    <TextField select label="Period" {...field} sx={{ flex: 1.5 }} error={Boolean(errors.ctc?.period)}>
                      {CTC_PERIODS.map((period) => (
                        <MenuItem key={period} value={period}>
                          {CTC_PERIOD_LABELS[period]}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  {...register('location')}
                  label="Location"
                  fullWidth
                  error={Boolean(errors.location)}
                  helperText={errors.location?.message}
                  slotProps={{ htmlInput: { maxLength: OFFER_LIMITS.locationLength } }}
                />
                <TextField
                  {...register('joiningDate')}
                  label="Joining date"
                  type="date"
                  fullWidth
                  error={Boolean(errors.joiningDate)}
                  helperText={errors.joiningDate?.message}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <Controller
                name="letterFileId"
                control={control}
                render={({ field }) => (
                  <OfferLetterField
                    value={field.value}
                    onChange={field.onChange}
                    onBusyChange={setUploading}
                    error={errors.letterFileId?.message}
                  />
                )}
              />
              <TextField
                {...register('respondBy')}
                label="Answer by"
                type="datetime-local"
                required
                fullWidth
                error={Boolean(errors.respondBy)}
                helperText={
                  errors.respondBy?.message ??
                  `Your time zone. After it the offer lapses. At least ${OFFER_LIMITS.minRespondHours} hour, at most ${OFFER_LIMITS.maxRespondDays} days.`
                }
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" loading={formState.isSubmitting} disabled={uploading}>
              Send the offer
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {confirming && (
        <Dialog
          open
          onClose={sendingAnyway ? undefined : changeOffer}
          aria-labelledby="offer-check-title"
          fullWidth
          maxWidth="sm"
        >
          <DialogTitle id="offer-check-title">The placement policy would warn about this offer</DialogTitle>
          <DialogContent>
            <PolicyWarnings warnings={confirming.check.policyWarnings} />
            <DialogContentText sx={{ mt: 2 }}>
              Sent anyway, the offer{who} is made all the same, with these warnings, and the placement cell of{' '}
              {confirming.check.cycleName ?? 'the cycle'} is told. Send it if the cell agreed (it can grant the student
              an exception), or change the offer.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={changeOffer} disabled={sendingAnyway}>
              Change the offer
            </Button>
            <Button variant="contained" onClick={() => void sendAnyway()} loading={sendingAnyway}>
              Send anyway
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
