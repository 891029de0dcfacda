import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { usePortfolioView } from '../../features/portfolio/api/getPortfolioView';
import { PortfolioManager } from '../../features/portfolio/components/PortfolioManager';
import { PortfolioViewer } from '../../features/portfolio/components/PortfolioViewer';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PATHS } from '../paths';

function SharedPortfolio({ portfolioId }: { portfolioId: string }) {
  const view = usePortfolioView(portfolioId);
  useDocumentTitle(view.data ? `${view.data.person.name} — ${view.data.title}` : 'Portfolio');
  if (view.isPending && view.fetchStatus !== 'idle') {
    return (
      <Stack sx={{ alignItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading portfolio" />
      </Stack>
    );
  }
  if (!view.data) {
    return (
      <Page title="Portfolio not available" maxWidth={640}>
        <Alert severity="info">
          This portfolio is private, or its link has changed. Ask its owner for a current link.{' '}
          <Link component={RouterLink} to={PATHS.home}>
            Go to Placely
          </Link>
        </Alert>
      </Page>
    );
  }
  return <PortfolioViewer view={view.data} />;
}

/** /viewer/{portfolioId}: a shared portfolio. /viewer: your own portfolios. */
export default function ViewerPage() {
  const { portfolioId } = useParams();
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  if (portfolioId) return <SharedPortfolio portfolioId={portfolioId} />;
  return (
    <Page title="Your portfolios" intro="Share a portfolio by its link; each shows only the sections you choose.">
      {signedIn ? <PortfolioManager /> : <SignInPrompt title="Sign in to see your portfolios" next={PATHS.viewer} />}
    </Page>
  );
}
