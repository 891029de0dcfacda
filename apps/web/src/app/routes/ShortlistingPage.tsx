import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { SharedShortlistView } from '../../features/shortlists/components/SharedShortlistView';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * /shortlisting?link=: a shortlist shared by an organization, read without an account (spec §2: top-level, no top
 * bar when signed out). Rendered in the browser, not on the server: the page holds candidates' personal data, so
 * link-preview robots must not receive it, and every open is a counted view.
 */
export default function ShortlistingPage() {
  const [params] = useSearchParams();
  const token = params.get('link');
  useDocumentTitle('Shortlist');
  if (!token) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', p: 3 }}>
        <Typography variant="h5" component="h1">
          Shortlist
        </Typography>
        <Alert severity="info">Open the shortlist link you were sent; it carries everything needed to read it.</Alert>
      </Stack>
    );
  }
  return <SharedShortlistView token={token} />;
}
