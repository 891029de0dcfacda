import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SHORTLIST_LIMITS } from '@placely/contract';
import { useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useAddToShortlist } from '../api/addToShortlist';
import { useCreateShortlist } from '../api/createShortlist';
import { useShortlists } from '../api/getShortlists';

export interface ShortlistsBarProps {
  openingId: string;
  /** The responses view's selected applications (rows picked by hand). */
  selected: ReadonlySet<string>;
  onOpen: (shortlistId: string) => void;
}

/**
 * The opening's shortlists above its responses: open one, make a new one from the selection, or add the selection
 * to one. Buttons follow the server's abilities.
 */
export function ShortlistsBar({ openingId, selected, onOpen }: ShortlistsBarProps) {
  const shortlists = useShortlists(openingId);
  const create = useCreateShortlist();
  const add = useAddToShortlist();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);
  // The new shortlist opens once the naming dialog has gone: a dialog opened while another is still on screen
  // would stay hidden from assistive technology when the first one closes.
  const [made, setMade] = useState<string | null>(null);
  const items = shortlists.data?.items ?? [];
  const canCreate = shortlists.data?.abilities.create ?? false;
  const ids = [...selected];
  const chosen = ids.length === 1 ? '1 selected candidate' : `${ids.length} selected candidates`;

  const submit = () => {
    create.mutate(
      { openingId, name: name.trim(), applicationIds: ids.slice(0, SHORTLIST_LIMITS.maxEntries) },
      {
        onSuccess: (result) => {
          setNaming(false);
          setName('');
          showSuccess(result.message);
          setMade(result.data.id);
        },
        onError: (error) => showError(error),
      },
    );
  };

  if (!shortlists.data || (items.length === 0 && !canCreate)) return null;
  return (
    <Stack direction="row" role="group" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }} aria-label="Shortlists">
      <Typography variant="subtitle2" component="h2">
        Shortlists
      </Typography>
      {items.map((shortlist) => (
        <Chip
          key={shortlist.id}
          label={`${shortlist.name} (${shortlist.count})`}
          onClick={() => onOpen(shortlist.id)}
          variant="outlined"
        />
      ))}
      {canCreate && (
        <>
          <Button size="small" startIcon={<PlaylistAddIcon />} onClick={() => setNaming(true)}>
            {ids.length > 0 ? `New shortlist from ${chosen}` : 'New shortlist'}
          </Button>
          {ids.length > 0 && items.length > 0 && (
            <Button size="small" onClick={(event) => setAddMenu(event.currentTarget)} aria-haspopup="menu">
              Add {chosen} to…
            </Button>
          )}
        </>
      )}
      <Menu anchorEl={addMenu} open={addMenu !== null} onClose={() => setAddMenu(null)}>
        {items.map((shortlist) => (
          <MenuItem
            key={shortlist.id}
            onClick={() => {
              setAddMenu(null);
              add.mutate(
                { id: shortlist.id, applicationIds: ids },
                { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
              );
            }}
          >
            {shortlist.name}
          </MenuItem>
        ))}
      </Menu>
      <Dialog
        open={naming}
        onClose={() => setNaming(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="new-shortlist-title"
        slotProps={{
          transition: {
            onExited: () => {
              if (made) onOpen(made);
              setMade(null);
            },
          },
        }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogTitle id="new-shortlist-title">New shortlist</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Name"
              placeholder="For the panel on 3 Dec"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: SHORTLIST_LIMITS.nameLength } }}
              helperText={ids.length > 0 ? `With ${chosen}` : 'Empty: add candidates from the responses later'}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!name.trim() || create.isPending}>
              Create
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
