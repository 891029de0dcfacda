import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DraftSaveStatus } from '../useDraftAutosave';

const TEXT: Record<DraftSaveStatus, string> = {
  idle: 'Your answers save as you type',
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — saved on this device',
  local: 'Saved on this device',
};

/** Where the draft is: a polite live region, so screen readers hear "Saved" without losing their place. */
export function DraftStatus({ status, onlyOnDevice = false }: { status: DraftSaveStatus; onlyOnDevice?: boolean }) {
  const text = onlyOnDevice && status === 'saved' ? 'Saved on this device' : TEXT[status];
  const icon =
    status === 'saving' ? (
      <CloudSyncOutlinedIcon fontSize="small" />
    ) : status === 'offline' ? (
      <CloudOffOutlinedIcon fontSize="small" />
    ) : status === 'saved' && !onlyOnDevice ? (
      <CloudDoneOutlinedIcon fontSize="small" />
    ) : (
      <SaveOutlinedIcon fontSize="small" />
    );
  return (
    <Stack
      direction="row"
      spacing={0.75}
      role="status"
      aria-live="polite"
      sx={{ alignItems: 'center', color: status === 'offline' ? 'warning.dark' : 'text.secondary' }}
    >
      <span aria-hidden="true" style={{ display: 'flex' }}>
        {icon}
      </span>
      <Typography variant="body2" component="span">
        {text}
      </Typography>
    </Stack>
  );
}
