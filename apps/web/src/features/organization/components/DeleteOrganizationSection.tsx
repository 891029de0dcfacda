import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { Section } from '../../../lib/components/Section';
import { useDeleteOrganization } from '../api/deleteOrganization';

/**
 * Owners delete the organization acted for, after typing its name. The server checks the name again and refuses
 * everyone else; `onDeleted` gets the server's message (the page leaves the organization and goes home).
 */
export function DeleteOrganizationSection({ name, onDeleted }: { name: string; onDeleted: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteOrganization();
  const fieldError =
    remove.error instanceof ApiError ? remove.error.fields?.find((item) => item.field === 'name')?.message : undefined;
  const matches = typed.trim() === name.trim();

  const close = () => {
    setOpen(false);
    setTyped('');
    remove.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(typed.trim(), {
      onSuccess: (result) => {
        setOpen(false);
        onDeleted(result.message);
      },
    });
  };

  return (
    <Section
      title="Delete the organization"
      description="Its openings close for good and every person in the team loses access at once. Applications and the activity log are kept."
    >
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete organization
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate aria-label="Delete the organization">
          <DialogTitle>Delete {name}?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              This cannot be undone. Type <strong>{name}</strong> to confirm.
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              size="small"
              label="Organization name"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={Boolean(fieldError)}
              helperText={fieldError}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" color="error" disabled={!matches} loading={remove.isPending}>
              Delete for good
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Section>
  );
}
