import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { z } from '@placely/contract';
import { type Circle, JOIN_POLICIES, JOIN_POLICY_LABELS } from '@placely/contract';
import { type ReactNode, useState } from 'react';
import { type Control, type FieldValues, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { FormTextField } from '../../../lib/components/FormTextField';
import { RadioChoiceField } from '../../../lib/components/RadioChoiceField';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { useSaveCircle } from '../api/saveCircle';
import type { MembershipKind } from '../kinds';

/** What a kind adds to the create/edit dialog: its own fields, their starting values, and what an edit may send. */
export interface CircleFormExtras<C extends Circle> {
  /** The kind's create schema (the server's); it validates the whole form. */
  schema: z.ZodType;
  /** Names of the kind's own fields, for focus and server errors. */
  fields: readonly string[];
  defaults: (existing: C | null) => Record<string, unknown>;
  /** Rendered between the description and the join policy. */
  render?: (control: Control<FieldValues>, existing: C | null) => ReactNode;
  /** Fields an edit must not send (verification: the institution is fixed at creation). */
  fixed?: readonly string[];
  /** Shown above the fields of a new circle (verification: approval comes first). */
  newNotice?: ReactNode;
}

/** Create or change a circle of any kind: name, description, the kind's own fields and how people join. */
export function MembershipDialog<C extends Circle>({
  kind,
  circle,
  extras,
  onClose,
}: {
  kind: MembershipKind<C>;
  circle: C | 'new';
  extras: CircleFormExtras<C>;
  onClose: () => void;
}) {
  const existing = circle === 'new' ? null : circle;
  const save = useSaveCircle(kind as MembershipKind);
  const [problem, setProblem] = useState<string | null>(null);
  const fields = ['name', 'description', ...extras.fields, 'joinPolicy'];
  const { control, handleSubmit, setError, setFocus, formState } = useForm<FieldValues>({
    resolver: zodResolver(extras.schema as z.ZodType<FieldValues, FieldValues>),
    defaultValues: {
      name: existing?.name ?? '',
      description: existing?.description ?? '',
      joinPolicy: existing?.joinPolicy ?? 'request',
      ...extras.defaults(existing),
    },
    mode: 'onTouched',
  });
  const { id, words } = kind;

  const submit = handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        if (existing) {
          const changes = Object.fromEntries(Object.entries(values).filter(([key]) => !extras.fixed?.includes(key)));
          await save.mutateAsync({ id: existing.id, ...changes });
          showSuccess(`${words.Noun} saved`);
        } else {
          showSuccess((await save.mutateAsync(values)).message);
        }
        onClose();
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, fields)) {
          setProblem(error instanceof ApiError ? error.message : `Could not save the ${words.noun}.`);
        }
      }
    },
    (errors) => {
      const first = fields.find((name) => errors[name]);
      if (first) setFocus(first);
    },
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-dialog-title`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-dialog-title`}>{existing ? `Edit ${words.noun}` : `New ${words.noun}`}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            {!existing && extras.newNotice}
            <FormTextField name="name" control={control} label="Name" required />
            <FormTextField
              name="description"
              control={control}
              label="Description"
              multiline
              minRows={2}
              helperText={words.descriptionHelper}
            />
            {extras.render?.(control, existing)}
            <RadioChoiceField
              name="joinPolicy"
              control={control}
              id={`${id}-join-policy`}
              label="How people join"
              choices={JOIN_POLICIES}
              labels={JOIN_POLICY_LABELS}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {existing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
