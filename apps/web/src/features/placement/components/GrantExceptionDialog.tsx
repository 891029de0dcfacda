import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
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
  type Enrolment,
  grantExceptionBodySchema,
  POLICY_LIMITS,
  type PolicyRuleKind,
  type z,
} from '@placely/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { FormTextField } from '../../../lib/components/FormTextField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useDebounced } from '../../../lib/useDebounced';
import { useCycleOpenings } from '../api/getCycleOpenings';
import { useEnrolments } from '../api/getEnrolments';
import { type GrantExceptionBody, useGrantPolicyException } from '../api/grantPolicyException';

type GrantForm = z.input<typeof grantExceptionBodySchema>;
const FIELDS = ['enrolmentId', 'ruleKind', 'openingId', 'reason'] as const;

const studentName = (enrolment: Pick<Enrolment, 'name' | 'email'>) => enrolment.name ?? enrolment.email;

/** One student of the cycle, searched by name, email or roll number as the cell types. */
function StudentPicker({
  cycleId,
  value,
  onChange,
  error,
  inputRef,
}: {
  cycleId: string;
  value: Enrolment | null;
  onChange: (enrolment: Enrolment | null) => void;
  error: string | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const enrolments = useEnrolments(cycleId, search ? { q: search } : {});
  const options = enrolments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Autocomplete<Enrolment, false, false, false>
      options={options}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      loading={enrolments.isFetching}
      // The server searched already.
      filterOptions={(all) => all}
      getOptionLabel={(enrolment) => (enrolment.name ? `${enrolment.name} (${enrolment.email})` : enrolment.email)}
      getOptionKey={(enrolment) => enrolment.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={search ? 'No student of the cycle matches' : 'No student enrolled yet'}
      loadingText="Searching the cycle’s students…"
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label="Student"
          required
          error={Boolean(error)}
          helperText={error ?? 'Type a name, email or roll number'}
        />
      )}
    />
  );
}

export interface GrantExceptionDialogProps {
  cycleId: string;
  /** The rules of the cycle's policy: an exception sets one of them aside. */
  rules: Array<{ kind: PolicyRuleKind; label: string }>;
  onClose: () => void;
}

/**
 * The cell excuses one student from one rule of the policy — for one opening or every opening of the cycle — with a
 * reason, and confirms before it is granted: an exception is on record (the audit trail) once made.
 */
export function GrantExceptionDialog({ cycleId, rules, onClose }: GrantExceptionDialogProps) {
  const grant = useGrantPolicyException(cycleId);
  const openings = useCycleOpenings(cycleId);
  const approved = openings.data?.items.filter((opening) => opening.status === 'approved') ?? [];
  const [student, setStudent] = useState<Enrolment | null>(null);
  // What is being confirmed; kept while the confirmation closes, so its words do not vanish mid-transition.
  const [pending, setPending] = useState<GrantExceptionBody | null>(null);
  const [asking, setAsking] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<GrantForm, unknown, GrantExceptionBody>({
    resolver: zodResolver(grantExceptionBodySchema),
    defaultValues: { cycleId, enrolmentId: '', ruleKind: rules[0]?.kind ?? 'maxOffers', openingId: null, reason: '' },
  });
  const ruleLabel = (kind: PolicyRuleKind) => rules.find((rule) => rule.kind === kind)?.label ?? kind;
  const openingTitle = (id: string | null | undefined) => approved.find((opening) => opening.openingId === id)?.title;

  const confirm = async () => {
    if (!pending) return;
    setAsking(false);
    try {
      const result = await grant.mutateAsync(pending);
      showSuccess(result.message);
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) showError(error);
    }
  };

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby="grant-exception-title" fullWidth maxWidth="sm">
        <form
          onSubmit={handleSubmit((body) => {
            setPending(body);
            setAsking(true);
          })}
          noValidate
        >
          <DialogTitle id="grant-exception-title">Grant an exception</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              The student may apply even though this rule of the policy would refuse them. Companies never see
              exceptions.
            </DialogContentText>
            <Stack spacing={2}>
              <Controller
                control={control}
                name="enrolmentId"
                render={({ field, fieldState }) => (
                  <StudentPicker
                    cycleId={cycleId}
                    value={student}
                    onChange={(chosen) => {
                      setStudent(chosen);
                      field.onChange(chosen?.id ?? '');
                    }}
                    // An empty choice fails the id's format; say what is missing instead.
                    error={fieldState.error && (field.value ? fieldState.error.message : 'Choose a student')}
                    inputRef={field.ref}
                  />
                )}
              />
              <Controller
                control={control}
                name="ruleKind"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="Rule set aside"
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    {rules.map((rule) => (
                      <MenuItem key={rule.kind} value={rule.kind}>
                        {rule.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="openingId"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="For"
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'One opening, or every opening of the cycle'}
                  >
                    <MenuItem value="">Every opening of the cycle</MenuItem>
                    {approved.map((opening) => (
                      <MenuItem key={opening.openingId} value={opening.openingId}>
                        {opening.title} · {opening.organizationName}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <FormTextField
                name="reason"
                control={control}
                label="Reason"
                required
                multiline
                minRows={2}
                helperText={`Kept with the exception and in the audit trail (at most ${POLICY_LIMITS.reasonLength} characters)`}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" loading={grant.isPending} disabled={formState.isSubmitting}>
              Grant exception
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={asking}
        title="Grant this exception?"
        confirmLabel="Grant"
        cancelLabel="Go back"
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      >
        {pending && student
          ? `${studentName(student)} may apply despite “${ruleLabel(pending.ruleKind)}” — ${
              pending.openingId
                ? `for ${openingTitle(pending.openingId) ?? 'the chosen opening'}`
                : 'for every opening of the cycle'
            }. Reason: ${pending.reason}. The exception stays on record with your name; revoking it later keeps it on record too.`
          : ''}
      </ConfirmDialog>
    </>
  );
}
