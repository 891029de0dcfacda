import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CYCLE_KIND_LABELS } from '@placely/contract';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { formatCalendarDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useJoinPreview } from '../api/getJoinPreview';
import { useJoinCycle } from '../api/joinCycle';

export interface JoinCycleProps {
  token: string;
  /** The student's view of the cycle once enrolled (the page owns the paths). */
  cycleHref: (cycleId: string) => string;
}

/** A cycle's self-enrolment link: what it is, and one button to enrol. */
export function JoinCycle({ token, cycleHref }: JoinCycleProps) {
  const preview = useJoinPreview(token, token !== '');
  const join = useJoinCycle();
  if (!token)
    return <Alert severity="error">This link has no cycle in it. Ask your placement cell for the link.</Alert>;
  if (preview.isPending) return <CircularProgress aria-label="Loading the cycle" />;
  if (preview.isError) {
    const message = preview.error instanceof ApiError ? preview.error.message : 'The cycle could not be loaded.';
    return <Alert severity="error">{message}</Alert>;
  }
  const cycle = preview.data;
  const enrolled = cycle.enrolled || join.isSuccess;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 0.5 }}>
          {cycle.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {cycle.institutionName} · {CYCLE_KIND_LABELS[cycle.kind]} · {formatCalendarDate(cycle.startsOn)} –{' '}
          {formatCalendarDate(cycle.endsOn)}
        </Typography>
        {enrolled ? (
          <Stack spacing={1}>
            <Typography role="status">You are enrolled in this cycle.</Typography>
            <Button
              component={RouterLink}
              to={cycleHref(cycle.cycleId)}
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
            >
              Open the cycle
            </Button>
          </Stack>
        ) : (
          <Button
            variant="contained"
            disabled={join.isPending}
            onClick={() =>
              join.mutate(token, {
                onSuccess: (result) => showSuccess(result.message),
                onError: (error) => showError(error),
              })
            }
          >
            Enrol in this cycle
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
