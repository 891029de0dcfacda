import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CTC_PERIOD_LABELS,
  CTC_PERIODS,
  type CtcPeriod,
  CYCLE_COMPANY_STATUS_LABELS,
  CYCLE_KIND_LABELS,
  CYCLE_OPENING_STATUS_LABELS,
  cycleOpeningBodySchema,
  type Institution,
} from '@placely/contract';
import { type FormEvent, useState } from 'react';
import { Section } from '../../../lib/components/Section';
import { formatCalendarDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useDebounced } from '../../../lib/useDebounced';
import { useInstitutions } from '../../institution/api/getInstitutions';
import { useCompanyCycleOpenings } from '../api/getCompanyCycleOpenings';
import { type CompanyCycles, useCompanyCycles } from '../api/getCompanyCycles';
import { useOwnOpenings } from '../api/getOwnOpenings';
import { useRegisterCompany } from '../api/registerCompany';
import { useSubmitCycleOpening } from '../api/submitCycleOpening';
import { formatCtc } from '../ctc';

type CompanyCycle = CompanyCycles['items'][number];

/**
 * A company's campus page: the placement cycles it recruits in (or was invited to), finding a college's open cycles
 * to ask to recruit, and — once approved — sending its openings to the cell with their CTC. It never shows other
 * companies or the students' statuses.
 */
export function CompanyCampus() {
  const cycles = useCompanyCycles();
  return (
    <>
      <Section title="Your campus cycles">
        {cycles.isPending ? (
          <CircularProgress aria-label="Loading campus cycles" />
        ) : cycles.isError ? (
          <Alert severity="error">The campus cycles could not be loaded. Try again.</Alert>
        ) : cycles.data.items.length === 0 ? (
          <Typography color="text.secondary">
            You recruit in no campus cycle yet. Find a college below and ask to recruit in its cycle.
          </Typography>
        ) : (
          <CycleCards cycles={cycles.data.items} label="Your campus cycles" />
        )}
      </Section>
      <FindCollegeCycles />
    </>
  );
}

function CycleCards({ cycles, label }: { cycles: CompanyCycle[]; label: string }) {
  return (
    <Stack component="ul" aria-label={label} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {cycles.map((cycle) => (
        <li key={cycle.cycleId}>
          <CompanyCycleCard cycle={cycle} />
        </li>
      ))}
    </Stack>
  );
}

/**
 * A college's open cycles the company is not in yet: without this a company could only wait for an invitation, since
 * its own list holds only the cycles it is already registered in.
 */
function FindCollegeCycles() {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const search = useDebounced(input, 300);
  const institutions = useInstitutions(search, open);
  const [college, setCollege] = useState<Institution | null>(null);
  const cycles = useCompanyCycles(college?.institutionId ?? null);
  // Cycles it already asked for, or is in, are in the list above.
  const notJoined = college && cycles.data ? cycles.data.items.filter((cycle) => cycle.registration === null) : [];
  return (
    <Section title="Find a college" description="Ask to recruit in a college’s placement cycle; its cell approves.">
      <Autocomplete<Institution, false, false, false>
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        value={college}
        options={institutions.data ?? []}
        loading={institutions.isFetching}
        filterOptions={(options) => options}
        getOptionLabel={(option) => option.name}
        getOptionKey={(option) => option.institutionId}
        isOptionEqualToValue={(option, selected) => option.institutionId === selected.institutionId}
        onInputChange={(_event, text, reason) => {
          if (reason === 'input') setInput(text);
        }}
        onChange={(_event, selected) => setCollege(selected)}
        noOptionsText={search ? 'No college matches' : 'Type to search colleges'}
        sx={{ maxWidth: 420, mb: 2 }}
        renderInput={(params) => <TextField {...params} label="College" />}
      />
      {college &&
        (cycles.isPending ? (
          <CircularProgress aria-label={`Loading the cycles of ${college.name}`} />
        ) : cycles.isError ? (
          <Alert severity="error">The cycles of {college.name} could not be loaded. Try again.</Alert>
        ) : notJoined.length === 0 ? (
          <Typography color="text.secondary">{college.name} has no open cycle you are not already in.</Typography>
        ) : (
          <CycleCards cycles={notJoined} label={`Open cycles of ${college.name}`} />
        ))}
    </Section>
  );
}

function CompanyCycleCard({ cycle }: { cycle: CompanyCycle }) {
  const register = useRegisterCompany();
  const ask = () =>
    register.mutate(
      { cycleId: cycle.cycleId },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );
  return (
    <Card variant="outlined" component="section" aria-label={`${cycle.name}, ${cycle.institutionName}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
            {cycle.name}
          </Typography>
          <Chip size="small" label={CYCLE_KIND_LABELS[cycle.kind]} />
          {cycle.registration && (
            <Chip
              size="small"
              color={
                cycle.registration === 'approved' ? 'success' : cycle.registration === 'rejected' ? 'error' : 'default'
              }
              label={CYCLE_COMPANY_STATUS_LABELS[cycle.registration]}
            />
          )}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {cycle.institutionName} · {formatCalendarDate(cycle.startsOn)} – {formatCalendarDate(cycle.endsOn)}
        </Typography>
        {(cycle.registration === null || cycle.registration === 'invited') && (
          <Button variant="contained" onClick={ask} disabled={register.isPending}>
            {cycle.registration === 'invited' ? 'Accept the invitation' : 'Ask to recruit'}
          </Button>
        )}
        {cycle.registration === 'requested' && (
          <Typography>Asked to recruit. The placement cell will review it.</Typography>
        )}
        {cycle.registration === 'approved' && <CycleOpeningsForCompany cycleId={cycle.cycleId} />}
      </CardContent>
    </Card>
  );
}

function CycleOpeningsForCompany({ cycleId }: { cycleId: string }) {
  const submitted = useCompanyCycleOpenings(cycleId);
  const own = useOwnOpenings();
  const submit = useSubmitCycleOpening();
  const [openingId, setOpeningId] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('INR');
  const [period, setPeriod] = useState<CtcPeriod>('year');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cycleOpeningBodySchema.safeParse({
      cycleId,
      openingId,
      ctcAmount: amount.trim() === '' ? undefined : Number(amount),
      ctcCurrency: currency,
      ctcPeriod: period,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: (result) => {
        showSuccess(result.message);
        setOpeningId('');
        setAmount('');
      },
      onError: (error) => showError(error),
    });
  };

  return (
    <Stack spacing={2}>
      {submitted.data && submitted.data.items.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {submitted.data.items.map((opening) => (
            <Stack component="li" key={opening.openingId} spacing={0.25}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{opening.title}</Typography>
                <Chip
                  size="small"
                  color={
                    opening.status === 'approved' ? 'success' : opening.status === 'sent_back' ? 'warning' : 'default'
                  }
                  label={CYCLE_OPENING_STATUS_LABELS[opening.status]}
                />
                <Typography variant="body2">
                  {formatCtc(opening.ctcAmount, opening.ctcCurrency, opening.ctcPeriod)}
                </Typography>
              </Stack>
              {opening.status === 'sent_back' && opening.comment && (
                <Alert severity="warning">
                  The cell asks: {opening.comment} Edit the opening, then send it again below.
                </Alert>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      <Stack component="form" onSubmit={send} noValidate direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <TextField
          select
          label="Opening"
          size="small"
          value={openingId}
          onChange={(event) => setOpeningId(event.target.value)}
          error={Boolean(errors.openingId)}
          helperText={errors.openingId ?? ' '}
          sx={{ minWidth: 220 }}
        >
          {own.data?.items.map((opening) => (
            <MenuItem key={opening.id} value={opening.id}>
              {opening.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="CTC or stipend"
          size="small"
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={Boolean(errors.ctcAmount)}
          helperText={errors.ctcAmount ?? ' '}
          slotProps={{ htmlInput: { min: 0 } }}
        />
        <TextField
          label="Currency"
          size="small"
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
          error={Boolean(errors.ctcCurrency)}
          helperText={errors.ctcCurrency ?? ' '}
          sx={{ width: 110 }}
        />
        <TextField
          select
          label="Period"
          size="small"
          value={period}
          onChange={(event) => setPeriod(event.target.value as CtcPeriod)}
          helperText=" "
          sx={{ width: 140 }}
        >
          {CTC_PERIODS.map((value) => (
            <MenuItem key={value} value={value}>
              {CTC_PERIOD_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={submit.isPending} sx={{ alignSelf: { md: 'flex-start' } }}>
          Send for approval
        </Button>
      </Stack>
    </Stack>
  );
}
