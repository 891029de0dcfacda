import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../lib/components/Page';
import { PATHS } from '../paths';

export default function NotFoundPage() {
  return (
    <Page title="Page not found" maxWidth={640}>
      <Typography sx={{ mb: 2 }}>The page you are looking for does not exist or has moved.</Typography>
      <Link component={RouterLink} to={PATHS.home}>
        Go to home
      </Link>
    </Page>
  );
}
