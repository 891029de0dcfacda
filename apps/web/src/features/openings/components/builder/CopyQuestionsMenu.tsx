import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FORM_LIMITS, FORM_TEMPLATES, type FormSection } from '@placely/contract';
import { useState } from 'react';
import { fetchOpening } from '../../api/getOpening';
import { withFreshIds } from '../../formModel';
import { type OpeningChoice, OpeningPicker } from '../OpeningPicker';

/**
 * "Add from a template or an earlier form": a template's sections (campus drive, internship, hackathon, workshop
 * registration — the contract's FORM_TEMPLATES) or every section of one of the organization's earlier forms, added
 * after the form's own with fresh ids.
 */
export function CopyQuestionsMenu({ count, onAdd }: { count: number; onAdd: (sections: FormSection[]) => void }) {
  const [open, setOpen] = useState(false);
  const [earlier, setEarlier] = useState<OpeningChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const room = FORM_LIMITS.sections - count;
  const add = (sections: readonly FormSection[]) => {
    if (sections.length > room) {
      setError(`A form holds at most ${FORM_LIMITS.sections} sections: remove some first.`);
      return;
    }
    onAdd(withFreshIds(sections));
    setOpen(false);
    setEarlier(null);
    setError(null);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<LibraryAddIcon />} onClick={() => setOpen(true)}>
        Add from a template or an earlier form
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="copy-questions-title" fullWidth>
        <DialogTitle id="copy-questions-title">Add questions</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            <Typography variant="subtitle2" component="h3">
              Start from a template
            </Typography>
            <List dense aria-label="Templates">
              {FORM_TEMPLATES.map((template) => (
                <ListItemButton key={template.id} onClick={() => add(template.sections)}>
                  <ListItemText primary={template.name} secondary={template.description} />
                </ListItemButton>
              ))}
            </List>
            <Typography variant="subtitle2" component="h3">
              Or copy the questions of an earlier form
            </Typography>
            <OpeningPicker label="Earlier opening" value={earlier} onChange={setEarlier} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!earlier}
            loading={loading}
            onClick={() => {
              if (!earlier) return;
              setLoading(true);
              fetchOpening(earlier.id)
                .then((opening) => {
                  if (!opening.form || opening.form.sections.length === 0) setError('That opening has no form.');
                  else add(opening.form.sections);
                })
                .catch(() => setError('Could not load that form. Try again.'))
                .finally(() => setLoading(false));
            }}
          >
            Copy its questions
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
