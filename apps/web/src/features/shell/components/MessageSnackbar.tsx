import { lazy, Suspense } from 'react';
import { useAppStore } from '../../../lib/store';
import { useOpenedOnce } from '../../../lib/useOpenedOnce';

const MessageSnackbarView = lazy(() =>
  import('./MessageSnackbarView').then((module) => ({ default: module.MessageSnackbarView })),
);

/** The app-wide message snackbar: top-centre by default; closes by its close icon or timeout. */
export function MessageSnackbar() {
  const opened = useOpenedOnce(useAppStore((state) => state.snackbar.visible));
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MessageSnackbarView />
    </Suspense>
  );
}
