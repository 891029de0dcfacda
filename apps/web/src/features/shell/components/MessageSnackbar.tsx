import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useAppStore } from '../../../lib/store';
import { useOpenedOnce } from '../../../lib/useOpenedOnce';

const MessageSnackbarView = lazy(() =>
  import('./MessageSnackbarView').then((module) => ({ default: module.MessageSnackbarView })),
);

/**
 * The app-wide message snackbar: top-centre by default; closes by its close icon or timeout. Its live region is on
 * the page from the start, empty, so screen readers announce the first message put in it (a region created with its
 * message is often not announced, issue 40); errors interrupt, other messages wait their turn.
 */
export function MessageSnackbar() {
  const opened = useOpenedOnce(useAppStore((state) => state.snackbar.visible));
  const error = useAppStore((state) => state.snackbar.type === 'error');
  return (
    <Box role="status" aria-live={error ? 'assertive' : 'polite'} aria-atomic="true">
      {opened && (
        <Suspense fallback={null}>
          <MessageSnackbarView />
        </Suspense>
      )}
    </Box>
  );
}
