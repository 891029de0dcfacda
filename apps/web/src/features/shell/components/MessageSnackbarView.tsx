import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useAppStore } from '../../../lib/store';

/** The snackbar of MessageSnackbar, in its own chunk (MUI's Snackbar and its transition load with the first message). */
export function MessageSnackbarView() {
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
