import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CYCLE_KIND_LABELS, CYCLE_STATUS_LABELS, type Cycle } from '@placely/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { Section } from '../../../lib/components/Section';
import { formatCalendarDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useRotateJoinToken } from '../api/rotateJoinToken';
import { useUpdateCycle } from '../api/updateCycle';
import { CycleDialog } from './CycleDialog';

export interface CycleOverviewProps {
  cycle: Cycle;
  /** The absolute self-enrolment address for a token (the page owns the paths). */
  joinUrl: (token: string) => string;
}

/** The cycle at a glance for its cell: dates, counts, the self-enrolment link, and opening or closing it. */
export function CycleOverview({ cycle, joinUrl }: CycleOverviewProps) {
  const [editing, setEditing] = useState(false);
  const [rotating, setRotating] = useState(false);
  const rotate = useRotateJoinToken();
  const update = useUpdateCycle();
  const link = cycle.joinToken ? joinUrl(cycle.joinToken) : null;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      showSuccess('Link copied');
    } catch {
      showError('Copy the link from the field');
    }
  };
  const setStatus = (status: Cycle['status']) =>
    update.mutate(
      { cycleId: cycle.id, status },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );

  return (
    <>
      <Section title="Overview">
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip label={CYCLE_KIND_LABELS[cycle.kind]} />
            <Chip color={cycle.status === 'active' ? 'success' : 'default'} label={CYCLE_STATUS_LABELS[cycle.status]} />
            <Typography>
              {formatCalendarDate(cycle.startsOn)} – {formatCalendarDate(cycle.endsOn)}
            </Typography>
          </Stack>
          {cycle.counts && (
            <Typography color="text.secondary">
              {cycle.counts.enrolled} students enrolled · {cycle.counts.companies} companies · {cycle.counts.openings}{' '}
              openings
            </Typography>
          )}
          {cycle.abilities.manage && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', pt: 1 }}>
              <Button variant="outlined" onClick={() => setEditing(true)}>
                Edit details
              </Button>
              {cycle.status !== 'active' && (
                <Button variant="outlined" onClick={() => setStatus('active')}>
                  Open the cycle
                </Button>
              )}
              {cycle.status === 'active' && (
                <Button variant="outlined" color="warning" onClick={() => setStatus('closed')}>
                  Close the cycle
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Section>
      {link && (
        <Section
          title="Self-enrolment link"
          description="Students who open this link while signed in enrol themselves. Share it with the batch only."
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label="Link"
              value={link}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
            <Button variant="contained" onClick={copy}>
              Copy
            </Button>
            {cycle.abilities.manageStudents && (
              <Button variant="outlined" color="warning" onClick={() => setRotating(true)}>
                New link
              </Button>
            )}
          </Stack>
        </Section>
      )}
      {editing && <CycleDialog institutionId={cycle.institutionId} cycle={cycle} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={rotating}
        title="Make a new link?"
        confirmLabel="Make a new link"
        destructive
        onCancel={() => setRotating(false)}
        onConfirm={() => {
          setRotating(false);
          rotate.mutate(cycle.id, {
            onSuccess: (result) => showSuccess(result.message),
            onError: (error) => showError(error),
          });
        }}
      >
        The current link stops working at once; students who have not enrolled yet need the new one.
      </ConfirmDialog>
    </>
  );
}
