import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CyclePolicyView } from '@placely/contract';
import { useState } from 'react';
import { Section } from '../../../lib/components/Section';
import { formatDateTime } from '../../../lib/dates';
import { usePolicy } from '../api/getPolicy';
import { usePolicyExceptions } from '../api/getPolicyExceptions';
import { GrantExceptionDialog } from './GrantExceptionDialog';
import { PolicyEditor } from './PolicyEditor';

/** The policy as students read it, for the people of the cell who may not change it. */
function PolicyRules({ policy }: { policy: CyclePolicyView }) {
  if (policy.rules.length === 0) {
    return (
      <Typography color="text.secondary">
        No rules yet: every enrolled student may apply to every opening the cell approved.
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Rules of the policy">
      {policy.rules.map((rule) => (
        <li key={rule.kind}>
          <Typography sx={{ fontWeight: 600 }}>{rule.label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {rule.description}
          </Typography>
        </li>
      ))}
    </Stack>
  );
}

function PolicyExceptions({ policy }: { policy: CyclePolicyView }) {
  const exceptions = usePolicyExceptions(policy.cycleId);
  const [granting, setGranting] = useState(false);
  const rules = policy.rules.map(({ kind, label }) => ({ kind, label }));
  return (
    <Section
      title="Exceptions"
      description="An exception lets one student apply although one rule would refuse them, for one opening or all of the cycle’s. Companies never see them."
    >
      <Stack spacing={2}>
        {policy.abilities.grantExceptions && (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Button variant="outlined" onClick={() => setGranting(true)} disabled={rules.length === 0}>
              Grant an exception
            </Button>
            {rules.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                The policy has no rule to set aside yet.
              </Typography>
            )}
          </Stack>
        )}
        {exceptions.isPending && <CircularProgress size={24} aria-label="Loading the exceptions" />}
        {exceptions.isError && <Alert severity="error">The exceptions could not be loaded.</Alert>}
        {exceptions.data?.items.length === 0 && <Typography color="text.secondary">No exception granted.</Typography>}
        {exceptions.data && exceptions.data.items.length > 0 && (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Exceptions granted">
            {exceptions.data.items.map((exception) => (
              <Stack
                component="li"
                key={exception.id}
                spacing={0.25}
                sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
              >
                <Typography sx={{ fontWeight: 600 }}>
                  {exception.studentName ?? exception.studentEmail} · {exception.ruleLabel}
                </Typography>
                <Typography variant="body2">
                  {exception.openingTitle ? `For ${exception.openingTitle}` : 'For every opening of the cycle'} ·
                  Reason: {exception.reason}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Granted by {exception.grantedBy ?? 'a former member of the cell'} on{' '}
                  {formatDateTime(exception.createdAt)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
      {granting && <GrantExceptionDialog cycleId={policy.cycleId} rules={rules} onClose={() => setGranting(false)} />}
    </Section>
  );
}

/** The cycle's policy tab: its rules (written by the cell's owners, read by the rest) and the exceptions granted. */
export function PolicyPanel({ cycleId }: { cycleId: string }) {
  const policy = usePolicy(cycleId);
  if (policy.isPending) return <CircularProgress aria-label="Loading the policy" />;
  if (policy.isError) return <Alert severity="error">The policy could not be loaded.</Alert>;
  return (
    <>
      <Section
        title="Policy"
        description="The rules the cycle’s students apply under, checked when they apply and when a company offers. Students see each rule in the words shown here, and why it refuses them before they fill anything in."
      >
        {policy.data.abilities.edit ? (
          <PolicyEditor policy={policy.data} />
        ) : (
          <Stack spacing={2}>
            <PolicyRules policy={policy.data} />
            <Typography variant="body2" color="text.secondary">
              Only the owners of the placement cell can change the policy.
            </Typography>
          </Stack>
        )}
      </Section>
      <PolicyExceptions policy={policy.data} />
    </>
  );
}
