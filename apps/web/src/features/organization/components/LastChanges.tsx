import Typography from '@mui/material/Typography';
import { useOpeningChanges } from '../api/getOpeningChanges';
import { describeEvent, whenDone, whoDid } from './describeEvent';

/** "Last change: …" for an opening in the responses view, from the audit trail. */
export function OpeningLastChange({ openingId }: { openingId: string }) {
  const changes = useOpeningChanges(openingId);
  const event = changes.data?.opening;
  if (!event) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="opening-last-change">
      Last change: {describeEvent(event)} by {whoDid(event)}, {whenDone(event)}
    </Typography>
  );
}

/** Who last did something with one application (opened it, viewed the resume, moved it). */
export function ApplicationLastChange({ openingId, applicationId }: { openingId: string; applicationId: string }) {
  const changes = useOpeningChanges(openingId);
  const event = changes.data?.applications[applicationId];
  if (!event) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      {describeEvent(event)} by {whoDid(event)}, {whenDone(event)}
    </Typography>
  );
}
