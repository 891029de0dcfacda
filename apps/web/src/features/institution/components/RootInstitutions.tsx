import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { z } from '@placely/contract';
import { type InstitutionUpdateBody, type InstitutionWithRole, institutionUpdateBodySchema } from '@placely/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { FormTextField } from '../../../lib/components/FormTextField';
import { Section } from '../../../lib/components/Section';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { useRootInstitutions } from '../api/getRootInstitutions';
import { useUpdateInstitutionDetails } from '../api/updateInstitutionDetails';
import { InstitutionPeopleDialog } from './InstitutionPeopleDialog';

type Output = z.output<typeof institutionUpdateBodySchema>;
const FIELDS = ['name', 'city', 'website', 'domain'] as const;

function InstitutionDialog({ institution, onClose }: { institution: InstitutionWithRole; onClose: () => void }) {
  const update = useUpdateInstitutionDetails();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, setFocus, formState } = useForm<InstitutionUpdateBody, unknown, Output>({
    resolver: zodResolver(institutionUpdateBodySchema),
    defaultValues: {
      institutionId: institution.institutionId,
      name: institution.name,
      city: institution.city ?? '',
      website: institution.website ?? '',
      domain: institution.domain ?? '',
    },
    mode: 'onTouched',
  });
  const submit = handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        await update.mutateAsync(values);
        showSuccess('Institution saved');
        onClose();
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          setProblem(error instanceof ApiError ? error.message : 'Could not save the institution.');
        }
      }
    },
    (errors) => {
      const first = FIELDS.find((name) => errors[name]);
      if (first) setFocus(first);
    },
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="institution-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="institution-dialog-title">Edit {institution.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            <FormTextField name="name" control={control} label="Name" required />
            <FormTextField name="city" control={control} label="City" />
            <FormTextField name="website" control={control} label="Website" type="url" />
            <FormTextField
              name="domain"
              control={control}
              label="Email domain"
              helperText="People whose email ends with this domain are offered to link to the institution"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The institutions the person is root of, with their details to keep up to date. Nothing when there are none. */
export function RootInstitutions() {
  const roots = useRootInstitutions();
  const [editing, setEditing] = useState<InstitutionWithRole | null>(null);
  const [managing, setManaging] = useState<InstitutionWithRole | null>(null);
  const institutions = roots.data?.institutions ?? [];
  if (institutions.length === 0) return null;
  return (
    <Section
      title="Institutions you run"
      description="As root you keep the institution's details and the people who run it up to date, and run its verification groups."
    >
      <List disablePadding aria-label="Institutions you run">
        {institutions.map((institution) => (
          <ListItem key={institution.institutionId} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
            <ListItemText
              primary={institution.name}
              secondary={[institution.city, institution.domain].filter(Boolean).join(' · ')}
            />
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => setEditing(institution)} aria-label={`Edit ${institution.name}`}>
                Edit
              </Button>
              <Button
                size="small"
                onClick={() => setManaging(institution)}
                aria-label={`People running ${institution.name}`}
              >
                People
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
      {editing && <InstitutionDialog institution={editing} onClose={() => setEditing(null)} />}
      {managing && <InstitutionPeopleDialog institution={managing} onClose={() => setManaging(null)} />}
    </Section>
  );
}
