import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OPENING_STATUS_LABELS } from '@placely/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS, toOpeningResponses } from '../../../app/paths';
import { errorMessage } from '../../../lib/api/errors';
import { useOpenings } from '../api/listOpenings';

const viewOf = (openingId: string, view: 'board' | 'ranking') => `${toOpeningResponses(openingId)}&view=${view}`;

/**
 * The organization's openings as pipelines (issue 40 defect 12): each with its application count and the ways into
 * its candidates (table, board, ranking), and what the page adds per opening (its shortlists).
 */
export function PipelinesList({ renderExtra }: { renderExtra?: (openingId: string) => ReactNode }) {
  const openings = useOpenings();
  if (openings.isError) return <Alert severity="error">{errorMessage(openings.error)}</Alert>;
  if (!openings.data) return <Skeleton variant="rounded" height={160} />;
  const items = openings.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>No openings yet, so no pipelines.</Typography>
        <Link component={RouterLink} to={PATHS.organization.createOpening}>
          Create an opening
        </Link>
      </Paper>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} aria-label="Pipelines" sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {items.map((opening) => (
        <Paper
          component="li"
          key={opening.id}
          variant="outlined"
          sx={{ p: 2 }}
          aria-labelledby={`pipeline-${opening.id}`}
        >
          <Typography id={`pipeline-${opening.id}`} variant="subtitle1" component="h2">
            {opening.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {OPENING_STATUS_LABELS[opening.status]} · {opening.applicationCount}{' '}
            {opening.applicationCount === 1 ? 'application' : 'applications'}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={toOpeningResponses(opening.id)}
              aria-label={`Candidates of ${opening.title}`}
            >
              Candidates
            </Button>
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={viewOf(opening.id, 'board')}
              aria-label={`Board of ${opening.title}`}
            >
              Board
            </Button>
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={viewOf(opening.id, 'ranking')}
              aria-label={`Ranking of ${opening.title}`}
            >
              Ranking
            </Button>
          </Stack>
          {renderExtra?.(opening.id)}
        </Paper>
      ))}
      {openings.hasNextPage && (
        <li>
          <Button onClick={() => void openings.fetchNextPage()} loading={openings.isFetchingNextPage}>
            Show more openings
          </Button>
        </li>
      )}
    </Stack>
  );
}
