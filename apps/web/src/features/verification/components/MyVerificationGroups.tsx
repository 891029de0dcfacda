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
import { PATHS, toJoinVerificationLink } from '../../../app/paths';
import { useAdminVerificationGroups } from '../api/listAdminVerificationGroups';
import { useVerificationGroups } from '../api/listVerificationGroups';

const STATE_LABELS: Record<MembershipState, { label: string; color: 'success' | 'info' | 'warning' }> = {
  member: { label: 'Member', color: 'success' },
  requested: { label: 'Requested', color: 'info' },
  declined: { label: 'Declined', color: 'warning' },
};

/** /joinVerificationLink: the verification groups you belong to or asked to join, and those you help run. */
export function MyVerificationGroups() {
  const list = useVerificationGroups('joined');
  const running = useAdminVerificationGroups();
  const groups = list.data?.pages.flatMap((page) => page.items) ?? [];
  const runCount = running.data?.pages.flatMap((page) => page.items).length ?? 0;
  return (
    <Stack spacing={2}>
      {runCount > 0 && (
        <Alert severity="info">
          You hold a role in {runCount === 1 ? 'a verification group' : `${runCount} verification groups`}.{' '}
          <Link component={RouterLink} to={PATHS.organization.verificationFollowers}>
            Review members’ records
          </Link>
        </Alert>
      )}
      {list.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : list.isError ? (
        <Alert severity="error">Your verification groups could not be loaded. Reload the page to try again.</Alert>
      ) : groups.length === 0 ? (
        <Typography color="text.secondary">
          You are not in any verification group yet. Open the join link your college or employer shared with you.
        </Typography>
      ) : (
        <List disablePadding aria-label="Your verification groups">
          {groups.map((group) => {
            const state = group.viewer.membership;
            return (
              <ListItem key={group.id} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={toJoinVerificationLink(group.id)}>
                      {group.name}
                    </Link>
                  }
                  secondary={`Run by ${group.institution?.name ?? group.owner.name}`}
                />
                {state && <Chip size="small" color={STATE_LABELS[state].color} label={STATE_LABELS[state].label} />}
              </ListItem>
            );
          })}
        </List>
      )}
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
