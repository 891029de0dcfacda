import ConstructionIcon from '@mui/icons-material/Construction';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

export interface ComingSoonPageProps {
  title: string;
  description: string;
}

/** A registered page whose content arrives later: its title and what will be there. */
export default function ComingSoonPage({ title, description }: ComingSoonPageProps) {
  const signedIn = useAppStore((state) => Boolean(state.accessToken));
  return (
    <Page title={title} maxWidth={720}>
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Chip icon={<ConstructionIcon />} label="Coming soon" color="primary" variant="outlined" />
            <Typography>{description}</Typography>
            <Link component={RouterLink} to={PATHS.home}>
              Back to home
            </Link>
          </Stack>
        </CardContent>
      </Card>
      {/* Visitors arriving by a shared link (a form, a group) can already sign in from here. */}
      {!signedIn && <SignInPrompt />}
    </Page>
  );
}
