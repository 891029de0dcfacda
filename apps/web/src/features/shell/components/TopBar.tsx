import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../../app/paths';
import { AccountMenu, type AccountSwitchOption } from './AccountMenu';
import { BrandMark } from './BrandLogo';
import { InstallButton } from './InstallButton';

export interface TopBarProps {
  signedIn: boolean;
  /** Shown on the right when signed out (the "Sign in with Google" button); null hides it. */
  signInSlot: ReactNode;
  feedbackUrl: string | undefined;
  helpUrl: string | undefined;
  onSignOut: () => void;
  /** Opens the navigation drawer (small screens); undefined when there is no menu. */
  onOpenNavigation: (() => void) | undefined;
  /** The account menu's "Acting for" switch. */
  switchOptions?: readonly AccountSwitchOption[];
  /** The notification bell (composed by the app shell), shown when signed in. */
  notificationsSlot?: ReactNode;
}

/** The top navigation bar of spec §2. */
export function TopBar({
  signedIn,
  signInSlot,
  feedbackUrl,
  helpUrl,
  onSignOut,
  onOpenNavigation,
  switchOptions,
  notificationsSlot,
}: TopBarProps) {
  const actingAs = switchOptions?.find((option) => option.selected);
  return (
    <AppBar position="sticky" color="primary" elevation={1} component="header">
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        {onOpenNavigation && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={onOpenNavigation}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Link
          component={RouterLink}
          to={PATHS.home}
          color="inherit"
          underline="none"
          aria-label="Placely home"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, borderRadius: 1 }}
        >
          <BrandMark size={32} />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.2 }}>
            Placely
          </Typography>
        </Link>
        <Chip
          label="Quick Apply Forms"
          size="small"
          variant="outlined"
          sx={{ display: { xs: 'none', lg: 'inline-flex' }, color: 'inherit', borderColor: 'rgba(255,255,255,0.6)' }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <InstallButton />
        {signedIn && actingAs && (
          <Typography
            component="span"
            variant="body2"
            data-testid="acting-for"
            sx={{ maxWidth: { xs: 120, sm: 240 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {actingAs.label}
          </Typography>
        )}
        {signedIn && notificationsSlot}
        {signedIn ? (
          <AccountMenu
            feedbackUrl={feedbackUrl}
            helpUrl={helpUrl}
            onSignOut={onSignOut}
            {...(switchOptions ? { switchOptions } : {})}
          />
        ) : (
          signInSlot
        )}
      </Toolbar>
    </AppBar>
  );
}
