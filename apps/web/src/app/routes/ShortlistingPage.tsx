import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { SharedShortlistView } from '../../features/shortlists/components/SharedShortlistView';
import { useAppStore } from '../../lib/store';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

// The organization's own view loads on its own: the shared link's visitors (the page's budget) never need it.
const OrganizationPipelines = lazy(() => import('./OrganizationPipelines'));

/**
 * /shortlisting?link=: a shortlist shared by an organization, read without an account (spec §2: top-level, no top
 * bar when signed out). Rendered in the browser, not on the server: the page holds candidates' personal data, so
 * link-preview robots must not receive it, and every open is a counted view.
 *
 * Without a link, someone acting for an organization finds its pipelines and shortlists here (the menu's
 * "Pipelines", issue 40 defect 12); anyone else is told to open the link they were sent.
 */
export default function ShortlistingPage() {
  const [params] = useSearchParams();
  const token = params.get('link');
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  const active = useActiveOrganization();
  const forOrganization = signedIn && active.organization !== null;
  useDocumentTitle(token ? 'Shortlist' : forOrganization ? 'Pipelines and shortlists' : 'Shortlist');
  if (token) return <SharedShortlistView token={token} />;
  if (forOrganization) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 900 }}>
        <Typography variant="h5" component="h1">
          Pipelines and shortlists
        </Typography>
        <Typography color="text.secondary">
          Every opening of {active.organization?.name ?? 'your organization'} with its candidates, by stage or by rank,
          and its shortlists.
        </Typography>
        <Suspense fallback={null}>
          <OrganizationPipelines />
        </Suspense>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', p: 3 }}>
      <Typography variant="h5" component="h1">
        Shortlist
      </Typography>
      <Alert severity="info">Open the shortlist link you were sent; it carries everything needed to read it.</Alert>
    </Stack>
  );
}
