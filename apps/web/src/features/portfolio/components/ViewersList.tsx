import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/dates';
import { useViewers } from '../api/listViewers';

/** Who viewed me: organizations by name, newest first, a page at a time; anonymous views as a count. */
export function ViewersList() {
  const [page, setPage] = useState(1);
  const viewers = useViewers(page);
  if (viewers.isPending) return <Skeleton variant="rounded" height={56} />;
  if (!viewers.data) return <Typography color="error">Could not load your viewers.</Typography>;
  const { views, total, pageSize, anonymousViews } = viewers.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack spacing={2}>
      {views.length === 0 ? (
        <Typography color="text.secondary">No organization has viewed your portfolio or resume yet.</Typography>
      ) : (
        <List disablePadding aria-label="Viewers">
          {views.map((view) => (
            <ListItem key={view.id} divider sx={{ px: 0 }}>
              <ListItemText
                primary={view.organizationName}
                secondary={`${view.subject === 'resume' ? 'Viewed your resume' : `Viewed “${view.portfolioTitle ?? 'a portfolio'}”`} · ${formatDateTime(view.viewedAt)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {anonymousViews > 0 && (
        <Typography variant="body2" color="text.secondary">
          Plus {anonymousViews} {anonymousViews === 1 ? 'view' : 'views'} by people who were not signed in as an
          organization.
        </Typography>
      )}
      {pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
