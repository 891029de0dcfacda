import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECORD_FIELD_LABELS } from '@placely/contract';
import { Section } from '../../../lib/components/Section';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useDecideCorrection } from '../api/decideCorrection';
import { useCorrections } from '../api/getCorrections';

/** Students' requests to correct a verified, locked value: approving changes the value, rejecting keeps it. */
export function CorrectionsPanel({ cycleId, canManage }: { cycleId: string; canManage: boolean }) {
  const corrections = useCorrections(cycleId, 'pending');
  const decide = useDecideCorrection(cycleId);
  const act = (correctionId: string, decision: 'approve' | 'reject') =>
    decide.mutate(
      { correctionId, decision },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );
  return (
    <Section title="Correction requests">
      {corrections.isError && <Alert severity="error">The requests could not be loaded.</Alert>}
      {corrections.data?.items.length === 0 && <Typography color="text.secondary">No request is waiting.</Typography>}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {corrections.data?.items.map((correction) => (
          <Stack
            component="li"
            key={correction.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
          >
            <Stack sx={{ flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {correction.studentName ?? correction.email}: {RECORD_FIELD_LABELS[correction.field]}{' '}
                {correction.currentValue ?? '—'} → {correction.requestedValue}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                “{correction.reason}” · {formatDate(correction.createdAt)}
              </Typography>
            </Stack>
            {canManage && (
              <>
                <Button size="small" variant="contained" onClick={() => act(correction.id, 'approve')}>
                  Approve
                </Button>
                <Button size="small" color="error" onClick={() => act(correction.id, 'reject')}>
                  Reject
                </Button>
              </>
            )}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
