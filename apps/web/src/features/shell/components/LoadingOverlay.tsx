import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { LOADING_SPINNER_SIZE } from '@placely/contract';
import { useAppStore } from '../../../lib/store';

/** Full-screen loading overlay with a 64 px spinner, driven by overlayLoading. */
export function LoadingOverlay() {
  const open = useAppStore((state) => state.overlayLoading);
  return (
    <Backdrop
      open={open}
      sx={(theme) => ({ zIndex: theme.zIndex.modal + 1, color: '#fff', bgcolor: 'rgba(255,255,255,0.7)' })}
    >
      {open && <CircularProgress size={LOADING_SPINNER_SIZE} aria-label="Loading" />}
    </Backdrop>
  );
}
