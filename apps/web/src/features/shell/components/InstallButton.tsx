import InstallDesktopIcon from '@mui/icons-material/InstallDesktop';
import Button from '@mui/material/Button';
import { useSyncExternalStore } from 'react';
import { canInstall, promptInstall, subscribeInstallPrompt } from '../installPrompt';

/** True while the browser offers an install prompt. */
function useCanInstall(): boolean {
  return useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false);
}

/** Shown only while the browser offers an install prompt. */
export function InstallButton() {
  const offered = useCanInstall();
  if (!offered) return null;
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<InstallDesktopIcon />}
      onClick={() => {
        void promptInstall();
      }}
      sx={{ borderColor: 'rgba(255,255,255,0.6)', whiteSpace: 'nowrap' }}
    >
      Install
    </Button>
  );
}
