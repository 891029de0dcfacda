import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ExportFormat, SHORTLIST_LIMITS, type Shortlist } from '@placely/contract';
import { useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useDeleteShortlist } from '../api/deleteShortlist';
import { downloadShortlistExport } from '../api/exportShortlist';
import { useShortlist } from '../api/getShortlist';
import { useShortlistUsers } from '../api/getShortlistUsers';
import { useRemoveFromShortlist } from '../api/removeFromShortlist';
import { useReorderShortlist } from '../api/reorderShortlist';
import { useUpdateShortlist } from '../api/updateShortlist';
import { CandidateDetails, VerdictList } from './CandidateDetails';
import { ShareDialog } from './ShareDialog';

function Header({ shortlist }: { shortlist: Shortlist }) {
  const update = useUpdateShortlist();
  const [name, setName] = useState(shortlist.name);
  const [sharing, setSharing] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadShortlistExport(shortlist.id, format);
    } catch (error) {
      showError(error);
    } finally {
      setExporting(null);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {shortlist.openingTitle} · {shortlist.count} {shortlist.count === 1 ? 'candidate' : 'candidates'}
      </Typography>
      {shortlist.abilities.change && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(
              { id: shortlist.id, name: name.trim() },
              { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
            );
          }}
        >
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: SHORTLIST_LIMITS.nameLength } }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" disabled={!name.trim() || name.trim() === shortlist.name || update.isPending}>
              Rename
            </Button>
          </Stack>
        </form>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {shortlist.abilities.share && (
          <Button variant="contained" onClick={() => setSharing(true)}>
            Share…
          </Button>
        )}
        {shortlist.abilities.export &&
          (['csv', 'xlsx'] as const).map((format) => (
            <Button key={format} variant="outlined" onClick={() => download(format)} disabled={exporting !== null}>
              {exporting === format ? 'Downloading…' : `Export ${format.toUpperCase()}`}
            </Button>
          ))}
      </Stack>
      {sharing && <ShareDialog shortlist={shortlist} open={sharing} onClose={() => setSharing(false)} />}
    </Stack>
  );
}

/**
 * One shortlist in the app: its candidates in order with the fields chosen for it and every visitor's verdicts;
 * reorder (buttons, keyboard reachable), remove, rename, share, export, delete — as the abilities allow.
 */
export function ShortlistDialog({ shortlistId, onClose }: { shortlistId: string; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width:600px)');
  const shortlist = useShortlist(shortlistId);
  const users = useShortlistUsers(shortlistId);
  const reorder = useReorderShortlist();
  const remove = useRemoveFromShortlist();
  const destroy = useDeleteShortlist();
  const candidates = users.data?.pages.flatMap((page) => page.items) ?? [];
  const complete = !users.hasNextPage;
  const canChange = shortlist.data?.abilities.change ?? false;

  const move = (index: number, by: -1 | 1) => {
    const order = candidates.map((candidate) => candidate.applicationId);
    const [taken] = order.splice(index, 1);
    if (!taken) return;
    order.splice(index + by, 0, taken);
    reorder.mutate({ id: shortlistId, applicationIds: order }, { onError: (error) => showError(error) });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="shortlist-title">
      <DialogTitle id="shortlist-title">{shortlist.data?.name ?? 'Shortlist'}</DialogTitle>
      <DialogContent>
        {shortlist.isError && <Alert severity="error">This shortlist could not be loaded.</Alert>}
        {shortlist.data && <Header key={shortlist.data.updatedAt} shortlist={shortlist.data} />}
        {users.isPending && <CircularProgress aria-label="Loading candidates" sx={{ mt: 2 }} />}
        {users.data && candidates.length === 0 && (
          <Typography sx={{ mt: 2 }}>No candidates yet: select some in the responses and choose “Add … to”.</Typography>
        )}
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, mt: 2 }} aria-label="Candidates">
          {candidates.map((candidate, index) => (
            <Paper component="li" variant="outlined" key={candidate.applicationId} sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography sx={{ fontWeight: 600, minWidth: 24 }}>{index + 1}.</Typography>
                <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {candidate.name ?? 'Candidate'}
                    {candidate.stageName ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        · {candidate.stageName}
                      </Typography>
                    ) : null}
                  </Typography>
                  <VerdictList verdicts={candidate.verdicts} showLink />
                  <CandidateDetails candidate={candidate} />
                </Stack>
                {canChange && (
                  <Stack direction="row" sx={{ flexShrink: 0 }}>
                    <IconButton
                      aria-label={`Move ${candidate.name ?? 'candidate'} up`}
                      disabled={index === 0 || !complete || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      aria-label={`Move ${candidate.name ?? 'candidate'} down`}
                      disabled={index === candidates.length - 1 || !complete || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownwardIcon />
                    </IconButton>
                    <Button
                      size="small"
                      color="error"
                      onClick={() =>
                        remove.mutate(
                          { id: shortlistId, applicationId: candidate.applicationId },
                          { onError: (error) => showError(error) },
                        )
                      }
                    >
                      Remove
                    </Button>
                  </Stack>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
        {users.hasNextPage && (
          <Button onClick={() => users.fetchNextPage()} disabled={users.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        {canChange && shortlist.data && (
          <Button
            color="error"
            onClick={() => {
              if (!shortlist.data || !window.confirm(`Delete “${shortlist.data.name}” and its links?`)) return;
              destroy.mutate(shortlist.data, {
                onSuccess: (result) => {
                  showSuccess(result.message);
                  onClose();
                },
                onError: (error) => showError(error),
              });
            }}
          >
            Delete shortlist
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
