import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS, toForm, toFormEdit } from '../../../app/paths';
import { errorMessage } from '../../../lib/api/errors';
import { useMyApplications } from '../api/listMyApplications';
import { formatDateTime, STATUS_LABELS } from '../describe';
import { WithdrawDialog } from './WithdrawDialog';

/** /forms: the person's applications, newest first, each opening to view or edit; "Load more" pages on. */
export function MyApplicationsList() {
  const query = useMyApplications(true);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const [withdrawing, setWithdrawing] = useState<{ id: string; openingTitle: string } | null>(null);

  if (query.isPending) {
    return (
      <Stack spacing={2} role="status" aria-label="Loading your applications">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            No applications yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            When you apply to an opening, it shows up here with its status, and you can open it to see or edit your
            answers.
          </Typography>
          <Button variant="contained" component={RouterLink} to={PATHS.home}>
            Find openings
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Your applications">
        {items.map((item) => (
          <Card key={item.id} variant="outlined" component="li">
            <CardContent>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
                    <Link component={RouterLink} to={toForm(item.openingId)} underline="hover">
                      {item.openingTitle}
                    </Link>
                  </Typography>
                  {item.organizationName && <Typography color="text.secondary">{item.organizationName}</Typography>}
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    Submitted {formatDateTime(item.submittedAt)}
                    {item.revision > 1 && ` · Edited ${formatDateTime(item.updatedAt)}`}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0, alignItems: 'center' }}>
                  {item.stageLabel && item.status !== 'withdrawn' ? (
                    <Chip
                      size="small"
                      color="primary"
                      label={item.stageLabel}
                      aria-label={`Stage: ${item.stageLabel}`}
                    />
                  ) : (
                    <Chip size="small" color="primary" variant="outlined" label={STATUS_LABELS[item.status]} />
                  )}
                  {item.revision > 1 && <Chip size="small" variant="outlined" label="Edited" />}
                </Stack>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
                <Button
                  size="small"
                  component={RouterLink}
                  to={toForm(item.openingId)}
                  aria-label={`Open your application to ${item.openingTitle}`}
                >
                  Open
                </Button>
                {item.canEdit && (
                  <Button
                    size="small"
                    component={RouterLink}
                    to={toFormEdit(item.openingId)}
                    aria-label={`Edit your application to ${item.openingTitle}`}
                  >
                    Edit
                  </Button>
                )}
                {item.status !== 'withdrawn' && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setWithdrawing({ id: item.id, openingTitle: item.openingTitle })}
                    aria-label={`Withdraw your application to ${item.openingTitle}`}
                  >
                    Withdraw
                  </Button>
                )}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      <WithdrawDialog application={withdrawing} onClose={() => setWithdrawing(null)} />
      {query.hasNextPage && (
        <Box>
          <Button variant="outlined" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </Box>
      )}
    </Stack>
  );
}
