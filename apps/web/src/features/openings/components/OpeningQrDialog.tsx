import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { saveBlob } from '../api/exportApplications';

type QrState = { status: 'loading' } | { status: 'ready'; svg: string } | { status: 'error' };

function fileStem(title: string): string {
  const stem = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return stem.slice(0, 60) || 'opening';
}

/** The public form link as a QR code (SVG), to print on posters or show on a screen; downloadable. */
export function OpeningQrDialog({ title, url, onClose }: { title: string; url: string | null; onClose: () => void }) {
  const [state, setState] = useState<QrState>({ status: 'loading' });

  useEffect(() => {
    if (!url) return;
    let current = true;
    setState({ status: 'loading' });
    // The QR library is only needed here, so it loads on first use.
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => current && setState({ status: 'ready', svg }),
        () => current && setState({ status: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <Dialog open={url !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>QR code</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Scanning it opens the form for “{title}”.
        </Typography>
        {state.status === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Making the QR code" />
          </Box>
        )}
        {state.status === 'error' && (
          <Alert severity="error">The QR code could not be made. Copy the link instead.</Alert>
        )}
        {state.status === 'ready' && (
          <Box
            component="img"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.svg)}`}
            alt={`QR code for ${url}`}
            sx={{ display: 'block', width: '100%', maxWidth: 280, mx: 'auto', imageRendering: 'pixelated' }}
          />
        )}
        <Typography variant="caption" sx={{ display: 'block', mt: 1, wordBreak: 'break-all', textAlign: 'center' }}>
          {url}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={state.status !== 'ready'}
          onClick={() => {
            if (state.status === 'ready') {
              saveBlob(new Blob([state.svg], { type: 'image/svg+xml' }), `${fileStem(title)}-qr.svg`);
            }
          }}
        >
          Download SVG
        </Button>
      </DialogActions>
    </Dialog>
  );
}
