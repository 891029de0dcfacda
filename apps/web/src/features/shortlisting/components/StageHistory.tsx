import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api/errors';
import { formatDateTime } from '../../../lib/dates';
import { useStageHistory } from '../api/getStageHistory';

const when = (iso: string) => formatDateTime(iso);

/** Where an application has been in the pipeline: from, to, who, when and why, oldest first. */
export function StageHistory({ openingId, applicationId }: { openingId: string; applicationId: string }) {
  const history = useStageHistory(openingId, applicationId);
  return (
    <Box component="section" aria-labelledby="application-stage-history">
      <Typography id="application-stage-history" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}>
        Stage history
      </Typography>
      {history.isPending ? (
        <Skeleton width={240} />
      ) : history.isError ? (
        <Alert severity="error">{errorMessage(history.error)}</Alert>
      ) : history.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Not moved yet: in Applied since it was sent.
        </Typography>
      ) : (
        <Stack component="ol" spacing={0.5} sx={{ pl: 0, m: 0, listStyle: 'none' }}>
          {history.data.map((move) => (
            <Typography component="li" key={move.id} variant="body2">
              {move.fromStageName ?? 'Applied'} → <strong>{move.toStageName}</strong>
              {move.undo && ' (undo)'}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                · {move.by.name ?? 'Someone no longer here'} · {when(move.at)}
                {move.reason && ` · “${move.reason}”`}
              </Typography>
            </Typography>
          ))}
        </Stack>
      )}
    </Box>
  );
}
