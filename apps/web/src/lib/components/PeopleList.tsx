import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GroupPerson } from '@placely/contract';
import { type ReactNode, useState } from 'react';
import { formatDate } from '../dates';
import { ConfirmDialog } from './ConfirmDialog';
import { PersonSummaryLine } from './PersonSummaryLine';

export interface PeopleListProps<T extends GroupPerson> {
  /** Accessible name of the list, e.g. "Followers". */
  label: string;
  people: T[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** "since" wording: "Member since" or "Following since". */
  sinceLabel: string;
  emptyText: string;
  /** Removing someone, after confirmation; omitted when the caller may not remove. */
  remove?: {
    label: string;
    confirmTitle: string;
    explain: (person: T) => string;
    onRemove: (person: T) => void;
    /** Rows the caller may remove from (all when left out). */
    allowed?: (person: T) => boolean;
  };
  /** Extra actions per row (e.g. reviewing a member's records). */
  actions?: (person: T) => ReactNode;
  /** Extra details per row. */
  details?: (person: T) => ReactNode;
}

/** Members or followers of groups, with removal behind a confirmation. Shared by groups and verification groups. */
export function PeopleList<T extends GroupPerson>({
  label,
  people,
  loading,
  failed,
  hasMore,
  loadingMore,
  onLoadMore,
  sinceLabel,
  emptyText,
  remove,
  actions,
  details,
}: PeopleListProps<T>) {
  const [removing, setRemoving] = useState<T | null>(null);
  if (loading) return <Skeleton variant="rounded" height={72} />;
  if (failed) return <Alert severity="error">This list could not be loaded. Reload the page to try again.</Alert>;
  if (people.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Stack spacing={2}>
      <List disablePadding aria-label={label}>
        {people.map((person) => (
          <ListItem key={person.id} divider sx={{ px: 0, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Stack sx={{ flex: 1, minWidth: 200 }} spacing={0.5}>
              <PersonSummaryLine person={person.person} />
              <Typography variant="caption" color="text.secondary">
                {person.groupName} · {sinceLabel} {formatDate(person.since)}
              </Typography>
              {details?.(person)}
            </Stack>
            <Stack direction="row" spacing={1}>
              {actions?.(person)}
              {remove && (remove.allowed?.(person) ?? true) && (
                <Button
                  size="small"
                  color="error"
                  aria-label={`${remove.label} ${person.person.name}`}
                  onClick={() => setRemoving(person)}
                >
                  {remove.label}
                </Button>
              )}
            </Stack>
          </ListItem>
        ))}
      </List>
      {hasMore && (
        <Button onClick={onLoadMore} loading={loadingMore} sx={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}
      {remove && (
        <ConfirmDialog
          open={removing !== null}
          title={remove.confirmTitle}
          confirmLabel={remove.label}
          destructive
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            if (removing) remove.onRemove(removing);
            setRemoving(null);
          }}
        >
          {removing ? remove.explain(removing) : ''}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
