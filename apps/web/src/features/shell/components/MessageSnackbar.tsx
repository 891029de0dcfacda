import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useAppStore } from '../../../lib/store';

/** The app-wide message snackbar: top-centre by default; closes by its close icon or timeout. */
export function MessageSnackbar() {
  const snackbar = useAppStore((state) => state.snackbar);
  const hide = useAppStore((state) => state.hideSnackbar);
  return (
    <Snackbar
      // A new key per message restarts the timeout when messages follow each other.
      key={`${snackbar.type}:${snackbar.message}`}
      open={snackbar.visible}
      autoHideDuration={snackbar.timeout}
      anchorOrigin={{ vertical: snackbar.location, horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') hide();
      }}
    >
      <Alert
        severity={snackbar.type}
        variant="filled"
        onClose={hide}
        role={snackbar.type === 'error' ? 'alert' : 'status'}
        sx={{ width: '100%', maxWidth: 560 }}
      >
        {snackbar.message}
      </Alert>
    </Snackbar>
  );
}
