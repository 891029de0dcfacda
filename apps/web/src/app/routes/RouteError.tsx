import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PATHS } from '../paths';

/** Last-resort screen when a page crashes (e.g. a lazy chunk failed to load after a deploy). */
export function RouteError() {
  const error = useRouteError();
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
