import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { showError, showSuccess } from '../snackbar';

export interface JoinLinkDialogProps {
  /** What the link joins, e.g. the group's name. */
  name: string;
  /** An app path such as /joinGroupLink/<id>; shown as a full URL. */
  path: string;
  onClose: () => void;
}

/** A join link to copy and a QR code to print or show on a screen. */
export function JoinLinkDialog({ name, path, onClose }: JoinLinkDialogProps) {
  const url = new URL(path, window.location.origin).toString();
  const [qr, setQr] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(url, { width: 240, margin: 2, errorCorrectionLevel: 'M' })
      .then((dataUrl) => current && setQr(dataUrl))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showSuccess('Link copied');
    } catch {
      showError(`Copy this link: ${url}`);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="join-link-title">
      <DialogTitle id="join-link-title">Join link for {name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Anyone with this link sees the group and can ask to join after signing in.
          </Typography>
          <TextField
            label="Link"
            value={url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true }, input: { sx: { fontSize: '0.875rem' } } }}
            onFocus={(event) => event.target.select()}
          />
          <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 240 }}>
            {qr ? (
              <Box component="img" src={qr} alt={`QR code of the join link for ${name}`} width={240} height={240} />
            ) : failed ? (
              <Alert severity="warning">The QR code could not be drawn; share the link instead.</Alert>
            ) : null}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {qr && (
          <Button component="a" href={qr} download={`${name.replace(/[^\w-]+/g, '-')}-join-qr.png`}>
            Download QR
          </Button>
        )}
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          Copy link
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
