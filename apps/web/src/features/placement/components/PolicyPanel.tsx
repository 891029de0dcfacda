import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CyclePolicyView, PolicyException } from '@placely/contract';
import { useState } from 'react';
import { Section } from '../../../lib/components/Section';
import { formatDateTime } from '../../../lib/dates';
import { usePolicy } from '../api/getPolicy';
import { usePolicyExceptions } from '../api/getPolicyExceptions';
import { GrantExceptionDialog } from './GrantExceptionDialog';
import { PolicyEditor } from './PolicyEditor';
import { RevokeExceptionDialog } from './RevokeExceptionDialog';

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

/** One exception: what it sets aside for whom and why, who granted it; revoked ones say by whom, when and why. */
function ExceptionItem({ exception, onRevoke }: { exception: PolicyException; onRevoke: () => void }) {
  const student = exception.studentName ?? exception.studentEmail;
  const { revoked } = exception;
  return (
    <Stack
      component="li"
      spacing={0.25}
      sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5, color: revoked ? 'text.secondary' : undefined }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {student} · {exception.ruleLabel}
        </Typography>
        {revoked && <Chip size="small" label="Revoked" variant="outlined" />}
      </Stack>
      <Typography variant="body2">
        {exception.openingTitle ? `For ${exception.openingTitle}` : 'For every opening of the cycle'} · Reason:{' '}
        {exception.reason}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Granted by {exception.grantedBy ?? 'a former member of the cell'} on {formatDateTime(exception.createdAt)}
      </Typography>
      {revoked && (
        <Typography variant="body2" color="text.secondary">
          Revoked by {revoked.by ?? 'a former member of the cell'} on {formatDateTime(revoked.at)} · Reason:{' '}
          {revoked.reason}
        </Typography>
      )}
      {exception.abilities.revoke && (
        <Stack sx={{ alignItems: 'flex-start', pt: 0.5 }}>
          <Button
            size="small"
            color="error"
            onClick={onRevoke}
            aria-label={`Revoke the exception of ${student} on ${exception.ruleLabel}`}
          >
            Revoke
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function PolicyExceptions({ policy }: { policy: CyclePolicyView }) {
  const exceptions = usePolicyExceptions(policy.cycleId);
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<PolicyException | null>(null);
  const rules = policy.rules.map(({ kind, label }) => ({ kind, label }));
  return (
    <Section
      title="Exceptions"
      description="An exception lets one student apply although one rule would refuse them, for one opening or all of the cycle’s, until the cell revokes it. Companies never see them."
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
              <ExceptionItem key={exception.id} exception={exception} onRevoke={() => setRevoking(exception)} />
            ))}
          </Stack>
        )}
      </Stack>
      {granting && <GrantExceptionDialog cycleId={policy.cycleId} rules={rules} onClose={() => setGranting(false)} />}
      {revoking && (
        <RevokeExceptionDialog cycleId={policy.cycleId} exception={revoking} onClose={() => setRevoking(null)} />
      )}
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
