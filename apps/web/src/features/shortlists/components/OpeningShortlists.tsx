import Typography from '@mui/material/Typography';
import { useShortlists } from '../api/getShortlists';

/** One opening's shortlists in a line (name and size each), for the organization's pipelines page. */
export function OpeningShortlists({ openingId }: { openingId: string }) {
  const shortlists = useShortlists(openingId);
  const items = shortlists.data?.items ?? [];
  if (!shortlists.data) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {items.length === 0
        ? 'No shortlists yet (make one from the candidates’ view).'
        : `Shortlists: ${items.map((item) => `${item.name} (${item.count})`).join(', ')}`}
    </Typography>
  );
}
