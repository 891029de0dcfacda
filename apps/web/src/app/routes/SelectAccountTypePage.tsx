import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isKnownAccountType } from '@placely/contract';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AccountTypePicker } from '../../features/account/components/AccountTypePicker';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

export default function SelectAccountTypePage() {
  const navigate = useNavigate();
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  const identity = useAppStore((state) => state.pendingIdentity);

  if (!accessToken) {
    return (
      <Page title="Choose your account type" maxWidth={640}>
        <SignInPrompt
          title="Sign in to choose your account type"
          description="Sign in first; then tell us whether you are a student or an organization."
          next={PATHS.selectAccountType}
        />
      </Page>
    );
  }

  if (user && isKnownAccountType(user.accountType)) {
    return (
      <Page title="Choose your account type" maxWidth={640}>
        <Alert severity="info">
          Your account is set up as {user.accountType === 'Organization' ? 'an organization' : 'a student / individual'}
          .{' '}
          <Link component={RouterLink} to={PATHS.home}>
            Go to home
          </Link>
        </Alert>
      </Page>
    );
  }

  return (
    <Page
      title="Choose your account type"
      maxWidth={640}
      intro="Tell us how you will use Placely. This sets up your profile and menu."
    >
      {identity && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Avatar src={identity.photo ?? undefined} alt="">
            {identity.name.charAt(0)}
          </Avatar>
          <div>
            <Typography sx={{ fontWeight: 500 }}>{identity.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {identity.email}
            </Typography>
          </div>
        </Stack>
      )}
      <AccountTypePicker onDone={() => navigate(PATHS.home)} />
    </Page>
  );
}
