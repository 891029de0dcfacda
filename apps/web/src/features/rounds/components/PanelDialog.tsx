import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ROUND_LIMITS, type Round } from '@placely/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useAddPanel } from '../api/addPanel';

/**
 * A new panel: its name and its panelists by email. An address of someone on the organization's team makes them a
 * panelist with their account; any other address is an outside interviewer, who gets a personal link.
 */
export function PanelDialog({ round, onClose }: { round: Round; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const add = useAddPanel();
  const [name, setName] = useState(`Panel ${round.panels.length + 1}`);
  const [people, setPeople] = useState([{ key: 0, email: '', name: '' }]);
  const [nextKey, setNextKey] = useState(1);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = (i: number, key: 'email' | 'name', value: string) =>
    setPeople((all) => all.map((p, j) => (j === i ? { ...p, [key]: value } : p)));
  const submit = () =>
    add.mutate(
      {
        roundId: round.id,
        name: name.trim(),
        panelists: people.map((p) => ({ email: p.email.trim(), name: p.name.trim() })),
      },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.length) {
            setFieldErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
          } else showError(error);
        },
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>Add a panel</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Panel name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: ROUND_LIMITS.nameLength } }}
            error={Boolean(fieldErrors.name)}
            helperText={fieldErrors.name}
          />
          <Typography variant="body2" color="text.secondary">
            Team members by the address they use here; anyone else is an outside interviewer with a personal link.
          </Typography>
          {people.map((person, i) => (
            <Stack
              key={person.key}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                size="small"
                type="email"
                label={`Panelist ${i + 1} email`}
                value={person.email}
                onChange={(e) => set(i, 'email', e.target.value)}
                error={Boolean(fieldErrors[`panelists.${i}.email`])}
                helperText={fieldErrors[`panelists.${i}.email`]}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={`Panelist ${i + 1} name`}
                value={person.name}
                onChange={(e) => set(i, 'name', e.target.value)}
                slotProps={{ htmlInput: { maxLength: ROUND_LIMITS.nameLength } }}
                error={Boolean(fieldErrors[`panelists.${i}.name`])}
                helperText={fieldErrors[`panelists.${i}.name`]}
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={`Remove panelist ${i + 1}`}
                disabled={people.length === 1}
                onClick={() => setPeople((all) => all.filter((_p, j) => j !== i))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <div>
            <Button
              startIcon={<AddIcon />}
              disabled={people.length >= ROUND_LIMITS.maxPanelists}
              onClick={() => {
                setPeople((all) => [...all, { key: nextKey, email: '', name: '' }]);
                setNextKey((k) => k + 1);
              }}
            >
              Add a panelist
            </Button>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={add.isPending} onClick={submit}>
          Add panel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
