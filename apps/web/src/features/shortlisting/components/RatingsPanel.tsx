import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RATING_MAX } from '@placely/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/errors';
import { showError } from '../../../lib/snackbar';
import { useRatings } from '../api/getRatings';
import { useRateCandidate } from '../api/rateCandidate';

export interface RatingsPanelProps {
  openingId: string;
  applicationId: string;
}

/**
 * A candidate's ratings, one row per criterion of the opening: the caller's own 1–5 (stars, keyboard: arrow keys),
 * and — once they have given it, as the server decides — the average, the count and who gave what.
 */
export function RatingsPanel({ openingId, applicationId }: RatingsPanelProps) {
  const ratings = useRatings(openingId, applicationId);
  const rate = useRateCandidate();
  // The star chosen shows at once; the server's answer (with everyone's ratings) replaces it.
  const [chosen, setChosen] = useState<Record<string, number>>({});
  return (
    <Box component="section" aria-labelledby={`ratings-${applicationId}`}>
      <Typography id={`ratings-${applicationId}`} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}>
        Ratings
      </Typography>
      {ratings.isPending ? (
        <Skeleton width={240} />
      ) : ratings.isError ? (
        <Alert severity="error">{errorMessage(ratings.error)}</Alert>
      ) : (
        <Stack spacing={1.5}>
          {ratings.data.criteria.map((criterion) => (
            <Box key={criterion.criterionId}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography component="span" id={`criterion-${criterion.criterionId}`} sx={{ minWidth: 140 }}>
                  {criterion.name}
                </Typography>
                <Rating
                  name={`rating-${applicationId}-${criterion.criterionId}`}
                  value={chosen[criterion.criterionId] ?? criterion.mine}
                  max={RATING_MAX}
                  readOnly={!ratings.data.abilities.rate}
                  getLabelText={(value) => `${value} of ${RATING_MAX}`}
                  aria-labelledby={`criterion-${criterion.criterionId}`}
                  onChange={(_event, value) => {
                    if (value === null) return;
                    setChosen((previous) => ({ ...previous, [criterion.criterionId]: value }));
                    const forget = () => setChosen(({ [criterion.criterionId]: _done, ...rest }) => rest);
                    rate.mutate(
                      { openingId, applicationId, criterionId: criterion.criterionId, score: value },
                      {
                        onSuccess: forget,
                        onError: (error: unknown) => {
                          forget();
                          showError(error);
                        },
                      },
                    );
                  }}
                />
              </Stack>
              {criterion.summary ? (
                <Typography variant="body2" color="text.secondary">
                  Average {criterion.summary.average} from {criterion.summary.count}{' '}
                  {criterion.summary.count === 1 ? 'rating' : 'ratings'}
                  {' · '}
                  {criterion.summary.raters.map((rater) => `${rater.name ?? 'Someone'} ${rater.score}`).join(', ')}
                </Typography>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {ratings.data.abilities.rate
                    ? 'Give your rating to see the others’.'
                    : 'Ratings show once you have rated.'}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
