import { lazy, Suspense } from 'react';
import { useAppStore } from '../../../lib/store';
import { useOpenedOnce } from '../../../lib/useOpenedOnce';

const MessageSnackbarView = lazy(() =>
  import('./MessageSnackbarView').then((module) => ({ default: module.MessageSnackbarView })),
);

/**
 * The app-wide message snackbar: top-centre by default; closes by its close icon or timeout. The live region is in
 * the page before the first message is put in it (screen readers announce changes to a region they already know, not
 * a region that arrives with its text — issue 40); the snackbar itself loads with the first message, inside it.
 */
export function MessageSnackbar() {
  const opened = useOpenedOnce(useAppStore((state) => state.snackbar.visible));
  return (
    <div aria-live="polite" data-testid="message-live-region">
      {opened && (
        <Suspense fallback={null}>
          <MessageSnackbarView />
        </Suspense>
      )}
    </div>
  );
}
