import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GroupRequest } from '@placely/contract';
import { useState } from 'react';
import { formatDate } from '../dates';
import { PersonSummaryLine } from './PersonSummaryLine';

export interface RequestsListProps {
  requests: GroupRequest[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Resolves when the decision is saved; the list refreshes itself. */
  onDecide: (decision: 'accept' | 'decline', ids: string[]) => Promise<unknown>;
  busy: boolean;
  emptyText: string;
}

/** Pending join requests with per-row and multi-select accept/decline. Shared by groups and verification groups. */
export function RequestsList({
  requests,
  loading,
  failed,
  hasMore,
  loadingMore,
  onLoadMore,
  onDecide,
  busy,
  emptyText,
}: RequestsListProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const visible = new Set(requests.map((request) => request.id));
  const chosen = [...selected].filter((id) => visible.has(id));
  const allChosen = requests.length > 0 && chosen.length === requests.length;

  const decide = async (decision: 'accept' | 'decline', ids: string[]) => {
    await onDecide(decision, ids);
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (loading) return <Skeleton variant="rounded" height={96} />;
  if (failed) return <Alert severity="error">The requests could not be loaded. Reload the page to try again.</Alert>;
  if (requests.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FormControlLabel
          label="Select all"
          control={
            <Checkbox
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={(event) => setSelected(event.target.checked ? new Set(visible) : new Set())}
            />
          }
        />
        <Button variant="contained" disabled={chosen.length === 0 || busy} onClick={() => decide('accept', chosen)}>
          Accept selected ({chosen.length})
        </Button>
        <Button color="error" disabled={chosen.length === 0 || busy} onClick={() => decide('decline', chosen)}>
          Decline selected
        </Button>
      </Stack>
      <List disablePadding aria-label="Join requests">
        {requests.map((request) => (
          <ListItem key={request.id} divider sx={{ px: 0, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Checkbox
              checked={selected.has(request.id)}
              onChange={(event) => toggle(request.id, event.target.checked)}
              slotProps={{ input: { 'aria-label': `Select ${request.person.name}` } }}
            />
            <Stack sx={{ flex: 1, minWidth: 200 }} spacing={0.5}>
              <PersonSummaryLine person={request.person} />
              <Typography variant="caption" color="text.secondary">
                Asked to join {request.groupName} on {formatDate(request.requestedAt)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                variant="outlined"
                disabled={busy}
                aria-label={`Accept ${request.person.name}`}
                onClick={() => decide('accept', [request.id])}
              >
                Accept
              </Button>
              <Button
                size="small"
                color="error"
                disabled={busy}
                aria-label={`Decline ${request.person.name}`}
                onClick={() => decide('decline', [request.id])}
              >
                Decline
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
      {hasMore && (
        <Button onClick={onLoadMore} loading={loadingMore} sx={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
