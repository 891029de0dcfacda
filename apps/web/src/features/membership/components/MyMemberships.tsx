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
import type { Circle, MembershipState } from '@placely/contract';
import { Link as RouterLink } from 'react-router';
import { useJoinedCircles } from '../api/listJoinedCircles';
import { itemsOf } from '../api/pagedList';
import type { MembershipKind } from '../kinds';

const STATE_LABELS: Record<MembershipState, { label: string; color: 'success' | 'info' | 'warning' }> = {
  member: { label: 'Member', color: 'success' },
  requested: { label: 'Requested', color: 'info' },
  declined: { label: 'Declined', color: 'warning' },
};

/** The circles the person belongs to or asked to join, with each request's outcome. */
export function MyMemberships<C extends Circle>({ kind }: { kind: MembershipKind<C> }) {
  const list = useJoinedCircles(kind);
  const circles = itemsOf(list.data);
  const { plural } = kind.words;
  if (list.isPending) return <Skeleton variant="rounded" height={72} />;
  if (list.isError)
    return <Alert severity="error">Your {plural} could not be loaded. Reload the page to try again.</Alert>;
  if (circles.length === 0) return <Typography color="text.secondary">{kind.words.joinedEmpty}</Typography>;
  return (
    <Stack spacing={2}>
      <List disablePadding aria-label={`Your ${plural}`}>
        {circles.map((circle) => {
          const state = circle.viewer.membership;
          return (
            <ListItem key={circle.id} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={kind.joinLink(circle.id)}>
                    {circle.name}
                  </Link>
                }
                secondary={`Run by ${kind.owner(circle).name}`}
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
