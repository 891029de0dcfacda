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
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { emailSchema, type Institution, institutionCreateBodySchema, z } from '@placely/contract';
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api/errors';
import { FormTextField } from '../../../lib/components/FormTextField';
import { Section } from '../../../lib/components/Section';
import { applyServerFieldErrors } from '../../../lib/forms';
import { showSuccess } from '../../../lib/snackbar';
import { useCreateInstitution } from '../api/createInstitution';
import { useInstitutions } from '../api/getInstitutions';
import { useGrantInstitutionRole } from '../api/grantInstitutionRole';
import { InstitutionPeopleDialog } from './InstitutionPeopleDialog';

/** The new institution's details plus, optionally, who runs it: its first root is appointed in the same step. */
const addInstitutionFormSchema = institutionCreateBodySchema.extend({
  rootEmail: z.union([emailSchema, z.literal('')]).optional(),
});
type AddInstitutionInput = z.input<typeof addInstitutionFormSchema>;
type AddInstitutionOutput = z.output<typeof addInstitutionFormSchema>;
const FIELDS = ['name', 'city', 'website', 'domain', 'rootEmail'] as const;

function AddInstitutionDialog({ onClose }: { onClose: (created?: Institution) => void }) {
  const create = useCreateInstitution();
  const grant = useGrantInstitutionRole();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, setFocus, formState } = useForm<
    AddInstitutionInput,
    unknown,
    AddInstitutionOutput
  >({
    resolver: zodResolver(addInstitutionFormSchema),
    defaultValues: { name: '', city: '', website: '', domain: '', rootEmail: '' },
    mode: 'onTouched',
  });
  const submit = handleSubmit(
    async ({ rootEmail, ...details }) => {
      setProblem(null);
      let created: Institution;
      try {
        created = (await create.mutateAsync(details)).data;
      } catch (error) {
        if (!applyServerFieldErrors(error, setError, FIELDS)) {
          setProblem(error instanceof ApiError ? error.message : 'Could not add the institution.');
        }
        return;
      }
      if (rootEmail) {
        try {
          const granted = await grant.mutateAsync({
            institutionId: created.institutionId,
            email: rootEmail,
            role: 'root',
          });
          showSuccess(`${created.name} added; ${granted.message}`);
        } catch {
          // The institution exists: say so, and let the root be appointed from its people.
          showSuccess(`${created.name} added; appoint its root from People`);
        }
      } else {
        showSuccess(`${created.name} added`);
      }
      onClose(created);
    },
    (errors) => {
      const first = FIELDS.find((name) => errors[name]);
      if (first) setFocus(first);
    },
  );
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" aria-labelledby="add-institution-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-institution-title">Add an institution</DialogTitle>
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
            <FormTextField
              name="rootEmail"
              control={control}
              label="Root's email"
              type="email"
              autoComplete="off"
              helperText="Who runs it on Placely (e.g. the placement officer); they get the role when they sign in"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            Add institution
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** For platform verification admins: the institutions on Placely, adding one and appointing who runs it. */
export function PlatformInstitutions() {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const list = useInstitutions(deferredSearch);
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<Institution | null>(null);
  return (
    <Section
      title="Institutions"
      description="As a platform verification admin you add institutions and appoint the root who runs each one."
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <TextField
          label="Search institutions"
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: 1 }}
        />
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add institution
        </Button>
      </Stack>
      {list.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : list.isError ? (
        <Alert severity="error">The institutions could not be loaded.</Alert>
      ) : list.data.length === 0 ? (
        <Typography color="text.secondary">
          {search.trim() ? 'No institution matches that search.' : 'No institution yet.'}
        </Typography>
      ) : (
        <List disablePadding aria-label="Institutions on Placely">
          {list.data.map((institution) => (
            <ListItem key={institution.institutionId} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={institution.name}
                secondary={[institution.city, institution.domain].filter(Boolean).join(' · ') || undefined}
                sx={{ minWidth: 0 }}
              />
              <Button
                size="small"
                onClick={() => setManaging(institution)}
                aria-label={`People running ${institution.name}`}
              >
                People
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      {adding && (
        <AddInstitutionDialog
          onClose={(created) => {
            setAdding(false);
            if (created) setSearch(created.name);
          }}
        />
      )}
      {managing && <InstitutionPeopleDialog institution={managing} onClose={() => setManaging(null)} />}
    </Section>
  );
}
