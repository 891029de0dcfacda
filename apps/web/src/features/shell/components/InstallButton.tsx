import InstallDesktopIcon from '@mui/icons-material/InstallDesktop';
import Button from '@mui/material/Button';
import { promptInstall, useCanInstall } from '../installPrompt';

/** Shown only while the browser offers an install prompt. */
export function InstallButton() {
  const canInstall = useCanInstall();
  if (!canInstall) return null;
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
