import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SignInButton } from '../features/auth/components/SignInButton';
import { useAuthWatch } from '../features/auth/useAuthWatch';
import { useResumeSignIn } from '../features/auth/useResumeSignIn';
import { useSessionBootstrap } from '../features/auth/useSessionBootstrap';
import { useSignOut } from '../features/auth/useSignOut';
import { useTeamInvitations } from '../features/organization/api/getTeamInvitations';
import { useActiveOrganization, useOrganizationSwitch } from '../features/organization/useOrganizationSwitch';
import { useMyCells } from '../features/placement/api/getMyCells';
import { Footer } from '../features/shell/components/Footer';
import { LoadingOverlay } from '../features/shell/components/LoadingOverlay';
import { MessageSnackbar } from '../features/shell/components/MessageSnackbar';
import { SideNav } from '../features/shell/components/SideNav';
import { MAIN_CONTENT_ID, SkipLink } from '../features/shell/components/SkipLink';
import { TopBar } from '../features/shell/components/TopBar';
import { getNavItems } from '../features/shell/navItems';
import { shouldShowTopBar } from '../features/shell/topBarVisibility';
import { useConfig } from '../lib/api/config';
import { createQueryClient } from '../lib/queryClient';
import { useAppStore } from '../lib/store';
import { useOpenedOnce } from '../lib/useOpenedOnce';
import { isSharedLayoutPath, isUnderPath, PATHS } from './paths';
import { theme } from './theme';

function PageFallback() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}

// Loaded at its first opening: the drawer (MUI's Drawer, Modal and focus trap) is not on the screen before then.
const NavDrawer = lazy(() =>
  import('../features/shell/components/NavDrawer').then((module) => ({ default: module.NavDrawer })),
);

// Loaded after the page: the bell is not needed for first paint and stays out of every route's first-load budget.
const NotificationBell = lazy(() =>
  import('../features/notifications/components/NotificationBell').then((module) => ({
    default: module.NotificationBell,
  })),
);

/** The app shell (spec §2): message snackbar, loading overlay, top bar, navigation and the routed page. */
export function AppShell() {
  useSessionBootstrap();
  useAuthWatch();
  useResumeSignIn();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const accessToken = useAppStore((state) => state.accessToken);
  const accountType = useAppStore((state) => state.user?.accountType ?? null);
  const config = useConfig();
  const signOut = useSignOut();
  const [navOpen, setNavOpen] = useState(false);
  const navOpened = useOpenedOnce(navOpen);

  const signedIn = Boolean(accessToken);
  const switchOptions = useOrganizationSwitch();
  const active = useActiveOrganization();
  const invitations = useTeamInvitations(signedIn);
  const cells = useMyCells(signedIn);
  const navItems = signedIn
    ? getNavItems(accountType, {
        actingForTeam: active.actingForTeam,
        activity: active.organization?.abilities.viewActivity ?? false,
        groups: active.organization?.abilities.runGroups ?? false,
        invitations: (invitations.data?.invitations.length ?? 0) > 0,
        placementCell: (cells.data?.items.length ?? 0) > 0,
      })
    : [];
  const showTopBar = shouldShowTopBar({ hasToken: signedIn, pathname });
  const showSideNav = navItems.length > 0 && isSharedLayoutPath(pathname);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <SkipLink />
      {showTopBar && (
        <TopBar
          signedIn={signedIn}
          signInSlot={isUnderPath(pathname, PATHS.signIn) ? null : <SignInButton size="small" />}
          feedbackUrl={config.data?.feedbackUrl}
          helpUrl={config.data?.helpUrl}
          onSignOut={() => {
            void signOut().then(() => navigate(PATHS.home));
          }}
          onOpenNavigation={navItems.length > 0 ? () => setNavOpen(true) : undefined}
          switchOptions={switchOptions}
          notificationsSlot={
            <Suspense fallback={null}>
              <NotificationBell accessToken={accessToken} to={PATHS.notifications} />
            </Suspense>
          }
        />
      )}
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {showSideNav && <SideNav items={navItems} />}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 } }}
        >
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <Footer />
      {navItems.length > 0 && navOpened && (
        <Suspense fallback={null}>
          <NavDrawer items={navItems} open={navOpen} onClose={() => setNavOpen(false)} />
        </Suspense>
      )}
      <MessageSnackbar />
      <LoadingOverlay />
    </Box>
  );
}

export interface AppProps {
  /** The router with the app's routes: a HistoryRouter in the browser, a StaticRouter on the server. */
  children: ReactNode;
  /** The server renders with a client that already holds the page's data. */
  queryClient?: QueryClient;
}

/** Providers: theme, baseline CSS, TanStack Query (errors → snackbar) around the router. */
export function App({ children, queryClient: given }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
