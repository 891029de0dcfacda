import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSignOut } from '../../features/auth/useSignOut';
import { Page } from '../../lib/components/Page';
import { PATHS } from '../paths';

export default function SignOutPage() {
  const signOut = useSignOut();
  const started = useRef(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(() => setDone(true));
  }, [signOut]);

  if (!done) return <Page title="Signing out" heading="Signing you out…" />;

  return (
    <Page title="Signed out" heading="You are signed out" maxWidth={640}>
      <Typography sx={{ mb: 2 }}>Your session on this device has ended.</Typography>
      <Link component={RouterLink} to={PATHS.home}>
        Go to home
      </Link>
    </Page>
  );
}
