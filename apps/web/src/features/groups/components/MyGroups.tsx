import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MembershipState } from '@placely/contract';
import { Link as RouterLink } from 'react-router';
import { toJoinGroupLink } from '../../../app/paths';
import { useGroups } from '../api/listGroups';

const STATE_LABELS: Record<MembershipState, { label: string; color: 'success' | 'info' | 'warning' }> = {
  member: { label: 'Member', color: 'success' },
  requested: { label: 'Requested', color: 'info' },
  declined: { label: 'Declined', color: 'warning' },
};

/** /joinGroupLink: the groups the person belongs to or asked to join, with each request's outcome. */
export function MyGroups() {
  const list = useGroups();
  const groups = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <Skeleton variant="rounded" height={72} />;
  if (list.isError)
    return <Alert severity="error">Your groups could not be loaded. Reload the page to try again.</Alert>;
  if (groups.length === 0) {
    return (
      <Typography color="text.secondary">
        You are not in any group yet. Open a join link an organization shared with you to join its group.
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      <List disablePadding aria-label="Your groups">
        {groups.map((group) => {
          const state = group.viewer.membership;
          return (
            <ListItem key={group.id} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={toJoinGroupLink(group.id)}>
                    {group.name}
                  </Link>
                }
                secondary={`Run by ${group.organization.name}`}
              />
              {state && <Chip size="small" color={STATE_LABELS[state].color} label={STATE_LABELS[state].label} />}
            </ListItem>
          );
        })}
      </List>
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
