import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { usePendingVideoTasks } from '../api/listPendingVideoTasks';

/** Video tasks the signed-in person still has to answer, at the top of their applications (/forms). */
export function PendingVideoTasks(props: { answerTo: (taskId: string) => string }) {
  const pending = usePendingVideoTasks(true);
  const items = pending.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 3 }} icon={false}>
      <Typography variant="subtitle1" component="h2">
        Video tasks to answer
      </Typography>
      <List dense>
        {items.map((item) => (
          <ListItem key={item.taskId} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={props.answerTo(item.taskId)}>
                  {item.title} — {item.openingTitle}
                </Link>
              }
              secondary={`${item.organizationName}${item.deadline ? ` · due ${formatDateTime(item.deadline)}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
