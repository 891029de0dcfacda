import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CYCLE_COMPANY_STATUS_LABELS } from '@placely/contract';
import { Section } from '../../../lib/components/Section';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useDecideCompany } from '../api/decideCompany';
import { useCycleCompanies } from '../api/getCycleCompanies';

/** Companies that asked to recruit in the cycle (or were invited): the cell approves or rejects each. */
export function CompaniesPanel({ cycleId, canManage }: { cycleId: string; canManage: boolean }) {
  const companies = useCycleCompanies(cycleId);
  const decide = useDecideCompany(cycleId);
  const act = (organizationId: number, decision: 'approve' | 'reject') =>
    decide.mutate(
      { organizationId, decision },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );
  return (
    <Section title="Companies" description="A company recruits in the cycle once the cell approves its registration.">
      {companies.isError && <Alert severity="error">The companies could not be loaded.</Alert>}
      {companies.data?.items.length === 0 && (
        <Typography color="text.secondary">
          No company has asked to recruit yet. Companies find the cycle on their Campus page.
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {companies.data?.items.map((company) => (
          <Stack
            component="li"
            key={company.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
          >
            <Stack sx={{ flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{company.organizationName}</Typography>
              <Typography variant="caption" color="text.secondary">
                Since {formatDate(company.createdAt)}
                {company.note ? ` · “${company.note}”` : ''}
              </Typography>
            </Stack>
            <Chip
              size="small"
              color={company.status === 'approved' ? 'success' : company.status === 'rejected' ? 'error' : 'default'}
              label={CYCLE_COMPANY_STATUS_LABELS[company.status]}
            />
            {canManage && company.status !== 'approved' && (
              <Button size="small" variant="contained" onClick={() => act(company.organizationId, 'approve')}>
                Approve {company.organizationName}
              </Button>
            )}
            {canManage && company.status !== 'rejected' && (
              <Button size="small" color="error" onClick={() => act(company.organizationId, 'reject')}>
                Reject
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
