import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { OutsidePanelView } from '../../features/rounds/components/OutsidePanelView';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * /rounds/panel?link=: an outside interviewer's slots, candidates and scorecards, without an account (top-level, as
 * a shared shortlist is). Rendered in the browser only: every open is a recorded view.
 */
export default function RoundPanelPage() {
  const [params] = useSearchParams();
  const link = params.get('link');
  useDocumentTitle('Your interviews');
  return (
    <Stack spacing={2} sx={{ maxWidth: 840, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1">
        Your interviews
      </Typography>
      {link ? (
        <OutsidePanelView link={link} />
      ) : (
        <Alert severity="info">Open the personal link you were sent; it carries everything needed.</Alert>
      )}
    </Stack>
  );
}
