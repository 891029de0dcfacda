import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { z } from '@placely/contract';
import { CYCLE_KIND_LABELS, CYCLE_KINDS, type Cycle, type CycleBody, cycleBodySchema } from '@placely/contract';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../lib/components/FormTextField';
import { RadioChoiceField } from '../../../lib/components/RadioChoiceField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCreateCycle } from '../api/createCycle';
import { useUpdateCycle } from '../api/updateCycle';

export interface CycleDialogProps {
  institutionId: number;
  /** Edit this cycle; a new one when absent. */
  cycle?: Cycle;
  onClose: (saved?: Cycle) => void;
}

/** Create or edit a placement cycle: its name ("Final placements 2026–27"), kind and dates. */
export function CycleDialog({ institutionId, cycle, onClose }: CycleDialogProps) {
  const create = useCreateCycle();
  const update = useUpdateCycle();
  const { control, handleSubmit, formState, setError } = useForm<CycleBody, unknown, z.output<typeof cycleBodySchema>>({
    resolver: zodResolver(cycleBodySchema),
    defaultValues: {
      institutionId,
      name: cycle?.name ?? '',
      kind: cycle?.kind ?? 'jobs',
      startsOn: cycle?.startsOn ?? '',
      endsOn: cycle?.endsOn ?? '',
      status: cycle?.status ?? 'active',
    },
  });
  const submit = handleSubmit(async (body) => {
    try {
      const result = cycle
        ? await update.mutateAsync({
            cycleId: cycle.id,
            name: body.name,
            kind: body.kind,
            startsOn: body.startsOn,
            endsOn: body.endsOn,
          })
        : await create.mutateAsync(body);
      showSuccess(result.message);
      onClose(result.data);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['name', 'kind', 'startsOn', 'endsOn'])) showError(error);
    }
  });
  return (
    <Dialog open onClose={() => onClose()} aria-labelledby="cycle-dialog-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="cycle-dialog-title">{cycle ? 'Edit cycle' : 'New placement cycle'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField name="name" control={control} label="Name" required placeholder="Final placements 2026–27" />
            <RadioChoiceField
              name="kind"
              control={control}
              id="cycle-kind"
              label="Kind"
              choices={CYCLE_KINDS}
              labels={CYCLE_KIND_LABELS}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField name="startsOn" control={control} label="Starts on" type="date" required />
              <FormTextField name="endsOn" control={control} label="Ends on" type="date" required />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {cycle ? 'Save' : 'Create cycle'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
