import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { PATHS } from '../paths';

/** Last-resort screen when a page crashes (e.g. a lazy chunk failed to load after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 8 }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        Something went wrong
      </Typography>
      <Typography sx={{ mb: 3 }}>Reload the page to try again. If it keeps happening, contact support.</Typography>
      <Button variant="contained" href={PATHS.home}>
        Go to home
      </Button>
    </Box>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  /** The error and the path it happened on: going elsewhere in the app tries again. */
  failure: { error: unknown; pathname: string } | null;
}

class ErrorBoundaryForPath extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error, pathname: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failure) return null;
    if (state.failure.pathname === '') return { failure: { ...state.failure, pathname: props.pathname } };
    return state.failure.pathname === props.pathname ? null : { failure: null };
  }

  override render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}

/** What the data router's errorElement did on the root route: a crash anywhere in the app shows RouteError. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundaryForPath pathname={pathname}>{children}</ErrorBoundaryForPath>;
}
