import { lazy, type ReactNode, Suspense } from 'react';
import { useOpenedOnce } from '../useOpenedOnce';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const ConfirmDialogView = lazy(() =>
  import('./ConfirmDialogView').then((module) => ({ default: module.ConfirmDialogView })),
);

/**
 * Asks before something that cannot be undone; the safe choice is first and focused by Escape. Nothing is loaded or
 * rendered before its first opening: most pages that offer one (the form's "Start over") never open it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
