import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CYCLE_KIND_LABELS,
  ENROLMENT_STATUS_LABELS,
  OPT_OUT_REASON_LABELS,
  OPT_OUT_REASONS,
  type OptOutReason,
  PLACEMENT_LIMITS,
  RECORD_FIELD_LABELS,
  RECORD_FIELDS,
  type RecordField,
  type StudentCycleView,
} from '@placely/contract';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../lib/components/Section';
import { formatCalendarDate, formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useMyCycle } from '../api/getMyCycle';
import { useOptOut } from '../api/optOut';
import { useRequestCorrection } from '../api/requestCorrection';
import { formatCtc } from '../ctc';
import { MyNotices } from './MyNotices';

type Enrolment = StudentCycleView['cycle']['enrolment'];

/** A record value as the student reads it. */
function recordValue(enrolment: Enrolment, field: RecordField): string {
  switch (field) {
    case 'rollNumber':
      return enrolment.rollNumber ?? '—';
    case 'branch':
      return enrolment.branch ? enrolment.branch.name : (enrolment.branchText ?? '—');
    case 'degree':
      return enrolment.degree ?? '—';
    case 'cgpa':
      return enrolment.cgpa === null ? '—' : String(enrolment.cgpa);
    case 'backlogs':
      return enrolment.backlogs === null ? '—' : String(enrolment.backlogs);
    case 'graduationYear':
      return enrolment.graduationYear === null ? '—' : String(enrolment.graduationYear);
  }
}

export interface MyCycleViewProps {
  cycleId: string;
  /** The opening's form (the page owns the paths). */
  formHref: (openingId: string) => string;
}

/**
 * One cycle for the enrolled student, in one place: their status and verified records, the openings they may apply
 * to, their applications with stages, and their correction requests.
 */
export function MyCycleView({ cycleId, formHref }: MyCycleViewProps) {
  const view = useMyCycle(cycleId);
  const [correcting, setCorrecting] = useState(false);
  const [optingOut, setOptingOut] = useState(false);
  if (view.isPending) return <CircularProgress aria-label="Loading the cycle" />;
  if (view.isError)
    return <Alert severity="error">This cycle could not be loaded. You may not be enrolled in it.</Alert>;
  const { cycle, openings, applications, corrections } = view.data;
  const enrolment = cycle.enrolment;
  return (
    <Stack spacing={0}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {cycle.institutionName} · {CYCLE_KIND_LABELS[cycle.kind]} · {formatCalendarDate(cycle.startsOn)} –{' '}
        {formatCalendarDate(cycle.endsOn)}
      </Typography>
      <Section title="Your status">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Chip
            color={enrolment.status === 'placed' ? 'success' : enrolment.status === 'debarred' ? 'error' : 'default'}
            label={ENROLMENT_STATUS_LABELS[enrolment.status]}
          />
          {enrolment.debarredReason && <Typography>Reason: {enrolment.debarredReason}</Typography>}
          {enrolment.optOutReason && <Typography>{OPT_OUT_REASON_LABELS[enrolment.optOutReason]}</Typography>}
          {(enrolment.status === 'available' || (enrolment.status === 'opted_out' && !enrolment.optOutReason)) && (
            <Button size="small" onClick={() => setOptingOut(true)}>
              {enrolment.status === 'available' ? 'Opt out of this cycle' : 'Say why you opted out'}
            </Button>
          )}
        </Stack>
        <Stack component="dl" direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', m: 0 }}>
          {RECORD_FIELDS.map((field) => (
            <div key={field}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {RECORD_FIELD_LABELS[field]}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {recordValue(enrolment, field)}
              </Typography>
            </div>
          ))}
        </Stack>
        {enrolment.recordsLocked && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
            <Typography variant="body2" color="text.secondary">
              Verified by your placement cell and locked.
            </Typography>
            <Button size="small" onClick={() => setCorrecting(true)}>
              Ask for a correction
            </Button>
          </Stack>
        )}
        {corrections.length > 0 && (
          <Stack component="ul" spacing={0.5} sx={{ mt: 2, pl: 2 }}>
            {corrections.map((correction) => (
              <Typography component="li" variant="body2" key={correction.id}>
                {RECORD_FIELD_LABELS[correction.field]} → {correction.requestedValue}: {correction.status}
                {correction.decisionNote ? ` (${correction.decisionNote})` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </Section>
      <MyNotices cycleId={cycleId} />
      <Section title="Openings" description="Approved by your placement cell for this cycle.">
        {openings.length === 0 ? (
          <Typography color="text.secondary">No opening yet. They appear here as the cell approves them.</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {openings.map((opening) => (
              <Stack
                component="li"
                key={opening.openingId}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
              >
                <Stack sx={{ flexGrow: 1 }}>
                  <Link component={RouterLink} to={formHref(opening.openingId)} sx={{ fontWeight: 600 }}>
                    {opening.title}
                  </Link>
                  <Typography variant="body2">
                    {opening.organizationName} · {formatCtc(opening.ctcAmount, opening.ctcCurrency, opening.ctcPeriod)}{' '}
                    · closes {formatDate(opening.deadline)}
                  </Typography>
                </Stack>
                {opening.applied ? (
                  <Chip size="small" color="success" label="Applied" />
                ) : opening.eligible === false ? (
                  <Chip size="small" label="Not eligible" />
                ) : (
                  <Chip size="small" color="primary" variant="outlined" label="You can apply" />
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Your applications">
        {applications.length === 0 ? (
          <Typography color="text.secondary">You have not applied in this cycle yet.</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {applications.map((application) => (
              <Stack
                component="li"
                key={application.applicationId}
                direction="row"
                spacing={1}
                sx={{ flexWrap: 'wrap' }}
              >
                <Typography sx={{ fontWeight: 600 }}>{application.title}</Typography>
                <Typography color="text.secondary">{application.organizationName}</Typography>
                <Chip size="small" label={application.stage ?? application.status} />
              </Stack>
            ))}
          </Stack>
        )}
      </Section>
      {correcting && <CorrectionDialog cycleId={cycleId} enrolment={enrolment} onClose={() => setCorrecting(false)} />}
      {optingOut && (
        <OptOutDialog
          cycleId={cycleId}
          alreadyOut={enrolment.status === 'opted_out'}
          onClose={() => setOptingOut(false)}
        />
      )}
    </Stack>
  );
}

function CorrectionDialog({
  cycleId,
  enrolment,
  onClose,
}: {
  cycleId: string;
  enrolment: Enrolment;
  onClose: () => void;
}) {
  const request = useRequestCorrection();
  const [field, setField] = useState<RecordField>('cgpa');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(value.trim() ? {} : { value: 'Give the right value' }),
      ...(reason.trim() ? {} : { reason: 'Say why it is wrong' }),
    };
    setErrors(next);
    if (next.value || next.reason) return;
    request.mutate(
      { cycleId, field, value: value.trim(), reason: reason.trim() },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="correction-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="correction-title">Ask for a correction</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label="Value"
              value={field}
              onChange={(event) => setField(event.target.value as RecordField)}
            >
              {RECORD_FIELDS.map((option) => (
                <MenuItem key={option} value={option}>
                  {RECORD_FIELD_LABELS[option]} (now {recordValue(enrolment, option)})
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Correct value"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              required
              error={Boolean(errors.value)}
              helperText={errors.value ?? ' '}
              slotProps={{ htmlInput: { maxLength: PLACEMENT_LIMITS.branchNameLength } }}
            />
            <TextField
              label="Why it is wrong"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              multiline
              minRows={2}
              error={Boolean(errors.reason)}
              helperText={errors.reason ?? 'The placement cell reads this'}
              slotProps={{ htmlInput: { maxLength: PLACEMENT_LIMITS.reasonLength } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={request.isPending}>
            Send request
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Leaving the season: the student is no longer shown its openings and cannot apply in it (only the cell can bring
 * them back), so it is confirmed; why they leave is theirs to say, and the cell reports higher studies to NIRF.
 */
function OptOutDialog({ cycleId, alreadyOut, onClose }: { cycleId: string; alreadyOut: boolean; onClose: () => void }) {
  const optOut = useOptOut();
  const [reason, setReason] = useState<OptOutReason | ''>('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    optOut.mutate(
      { cycleId, ...(reason ? { reason } : {}) },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="opt-out-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="opt-out-title">{alreadyOut ? 'Why you opted out' : 'Opt out of this cycle?'}</DialogTitle>
        <DialogContent>
          {!alreadyOut && (
            <DialogContentText sx={{ mb: 2 }}>
              You will no longer apply to this cycle&apos;s openings. Only your placement cell can bring you back.
            </DialogContentText>
          )}
          <RadioGroup
            aria-labelledby="opt-out-reason-label"
            value={reason}
            onChange={(event) => setReason(event.target.value as OptOutReason)}
          >
            <Typography id="opt-out-reason-label" variant="subtitle2">
              Why (optional; your placement cell reports higher studies)
            </Typography>
            {OPT_OUT_REASONS.map((option) => (
              <FormControlLabel key={option} value={option} control={<Radio />} label={OPT_OUT_REASON_LABELS[option]} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            color={alreadyOut ? 'primary' : 'error'}
            disabled={optOut.isPending || (alreadyOut && !reason)}
          >
            {alreadyOut ? 'Save' : 'Opt out'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
