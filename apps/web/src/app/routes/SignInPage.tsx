import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from 'react-router';
import { SignInButton } from '../../features/auth/components/SignInButton';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { isSafeNextPath, PATHS } from '../paths';

export default function SignInPage() {
  const [params] = useSearchParams();
  const nextParam = params.get('next');
  const next = isSafeNextPath(nextParam) ? nextParam : null;
  const signedIn = useAppStore((state) => state.signedIn && state.user !== null);

  if (signedIn) return <Navigate to={next ?? PATHS.home} replace />;

  return (
    <Page title="Sign in" maxWidth={520}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              Sign in with your Google account to keep your profile, apply with Quick Apply Forms and manage your
              openings.
            </Typography>
            <SignInButton next={next ?? PATHS.home} size="large" />
            <Typography variant="body2" color="text.secondary">
              A sign-in window opens. If nothing happens, allow pop-ups for this site.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Page>
  );
}
