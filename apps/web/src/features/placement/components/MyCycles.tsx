import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CYCLE_KIND_LABELS, ENROLMENT_STATUS_LABELS } from '@placely/contract';
import { Link as RouterLink } from 'react-router';
import { formatCalendarDate } from '../../../lib/dates';
import { useMyCycles } from '../api/getMyCycles';

/** The placement cycles a student is enrolled in, with their status in each. */
export function MyCycles({ cycleHref }: { cycleHref: (cycleId: string) => string }) {
  const cycles = useMyCycles();
  if (cycles.isPending) return <CircularProgress aria-label="Loading your cycles" />;
  if (cycles.isError) return <Alert severity="error">Your cycles could not be loaded. Try again.</Alert>;
  if (cycles.data.items.length === 0) {
    return (
      <Alert severity="info">
        You are not in a placement cycle. Your college’s placement cell shares a link to enrol, or enrols the batch
        itself.
      </Alert>
    );
  }
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {cycles.data.items.map((cycle) => (
        <li key={cycle.cycleId}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={cycleHref(cycle.cycleId)}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
                    {cycle.name}
                  </Typography>
                  <Chip size="small" label={CYCLE_KIND_LABELS[cycle.kind]} />
                  <Chip size="small" label={ENROLMENT_STATUS_LABELS[cycle.enrolment.status]} />
                </Stack>
                <Typography color="text.secondary">
                  {cycle.institutionName} · {formatCalendarDate(cycle.startsOn)} – {formatCalendarDate(cycle.endsOn)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
