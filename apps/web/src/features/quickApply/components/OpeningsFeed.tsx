import BoltIcon from '@mui/icons-material/Bolt';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FeedOpening, OPENING_KINDS, OPENING_LIMITS, type OpeningKind } from '@placely/contract';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toForm } from '../../../app/paths';
import { errorMessage } from '../../../lib/api/errors';
import { useOpeningsFeed } from '../api/listOpeningsFeed';
import { deadlineDistance, formatDeadline, formatLocations, KIND_LABELS } from '../describe';
import { OneClickApplyDialog } from './OneClickApplyDialog';
import { OrganizationLine } from './OpeningDetails';

const SEARCH_DELAY_MS = 300;

function FeedCard({ opening, onOneClick }: { opening: FeedOpening; onOneClick: () => void }) {
  const places = formatLocations(opening.locations, opening.remote);
  const titleId = `feed-${opening.id}`;
  return (
    <Card variant="outlined" component="li" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <OrganizationLine organization={opening.organization} />
        <Typography
          variant="h6"
          component="h3"
          id={titleId}
          sx={{ mt: 1.5, fontSize: '1.1rem', overflowWrap: 'anywhere' }}
        >
          <Link component={RouterLink} to={toForm(opening.id)} underline="hover">
            {opening.title}
          </Link>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" color="primary" variant="outlined" label={KIND_LABELS[opening.kind]} />
          {opening.oneClick && <Chip size="small" icon={<BoltIcon />} label="One-click" variant="outlined" />}
          {opening.eligible === true && (
            <Chip size="small" color="success" variant="outlined" label="You are eligible" />
          )}
          {opening.eligible === false && <Chip size="small" variant="outlined" label="Not eligible yet" />}
        </Stack>
        {places && (
          <Typography variant="body2" color="text.secondary">
            {places}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          Apply by {formatDeadline(opening.deadline)} · {deadlineDistance(opening.deadline)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          component={RouterLink}
          to={toForm(opening.id)}
          variant={opening.oneClick ? 'text' : 'outlined'}
          aria-label={`${opening.applyMode === 'external' ? 'See' : 'Open the form for'} ${opening.title}`}
        >
          {opening.applyMode === 'external' ? 'See details' : 'Open the form'}
        </Button>
        {opening.oneClick && opening.applyMode === 'form' && (
          <Button variant="contained" onClick={onOneClick} aria-label={`Apply in one click to ${opening.title}`}>
            Apply in one click
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** The students' openings feed on Home: search, kind filter, cards linking to each form, "Load more". */
export function OpeningsFeed({ userId }: { userId: number }) {
  const [search, setSearch] = useState('');
  const [place, setPlace] = useState('');
  const [typed, setTyped] = useState({ q: '', location: '' });
  const [kind, setKind] = useState<OpeningKind | null>(null);
  const [eligibleOnly, setEligibleOnly] = useState(false);
  const [oneClick, setOneClick] = useState<FeedOpening | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setTyped({ q: search.trim(), location: place.trim() }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search, place]);
  const feed = useOpeningsFeed({ ...typed, kind, eligibleOnly });
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = typed.q !== '' || typed.location !== '' || kind !== null || eligibleOnly;

  return (
    <Box component="section" aria-labelledby="feed-heading">
      <Typography variant="h5" component="h2" id="feed-heading" sx={{ mb: 2 }}>
        Openings
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} role="search">
        <TextField
          label="Search openings"
          placeholder="Title or organization"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: 2 }}
          type="search"
          slotProps={{
            htmlInput: { maxLength: OPENING_LIMITS.search },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          label="Location"
          placeholder="City, or remote"
          value={place}
          onChange={(event) => setPlace(event.target.value)}
          sx={{ minWidth: { sm: 180 } }}
          slotProps={{ htmlInput: { maxLength: OPENING_LIMITS.search } }}
        />
        <TextField
          select
          label="Kind"
          value={kind ?? ''}
          onChange={(event) => setKind((event.target.value || null) as OpeningKind | null)}
          sx={{ minWidth: { sm: 160 } }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">All kinds</option>
          {OPENING_KINDS.map((value) => (
            <option key={value} value={value}>
              {KIND_LABELS[value]}
            </option>
          ))}
        </TextField>
      </Stack>
      <FormControlLabel
        sx={{ mb: 2 }}
        control={<Switch checked={eligibleOnly} onChange={(event) => setEligibleOnly(event.target.checked)} />}
        label="Only openings I am eligible for"
      />

      {feed.isPending ? (
        <Stack spacing={2} role="status" aria-label="Loading openings">
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={140} />
        </Stack>
      ) : feed.isError && items.length === 0 ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void feed.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(feed.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {filtered
            ? 'No open openings match your search. Try other words or another kind.'
            : 'No open openings right now. Keep your profile current so you are ready when they arrive.'}
        </Typography>
      ) : (
        <Stack spacing={2}>
          <Box
            component="ul"
            aria-label="Open openings"
            aria-busy={feed.isFetching && !feed.isFetchingNextPage}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {items.map((opening) => (
              <FeedCard key={opening.id} opening={opening} onOneClick={() => setOneClick(opening)} />
            ))}
          </Box>
          {feed.hasNextPage && (
            <Box>
              <Button variant="outlined" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                Load more
              </Button>
            </Box>
          )}
        </Stack>
      )}
      {oneClick && <OneClickApplyDialog opening={oneClick} userId={userId} onClose={() => setOneClick(null)} />}
    </Box>
  );
}
