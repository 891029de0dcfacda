import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ExportFormat, formatBytes } from '@placely/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { downloadApplicationsExport, type ExportProgress, saveBlob } from '../api/exportApplications';

const FORMAT_NAMES: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)' };

function progressText(format: ExportFormat, progress: ExportProgress): string {
  const size = formatBytes(progress.bytes);
  if (progress.rows !== null && progress.totalRows !== null) {
    return `${FORMAT_NAMES[format]}: ${progress.rows} of ${progress.totalRows} rows · ${size}`;
  }
  if (progress.totalRows !== null) return `${FORMAT_NAMES[format]}: ${progress.totalRows} rows · ${size} received`;
  return `${FORMAT_NAMES[format]}: ${size} received`;
}

/** Downloads every application as CSV or XLSX, streaming with progress, then saves the file. */
export function ExportButtons({ openingId, disabled }: { openingId: string; disabled?: boolean }) {
  const [running, setRunning] = useState<{ format: ExportFormat; progress: ExportProgress } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const labelId = useId();
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (format: ExportFormat) => {
    const abort = new AbortController();
    controller.current = abort;
    setRunning({ format, progress: { bytes: 0, rows: null, totalRows: null } });
    try {
      const file = await downloadApplicationsExport(
        openingId,
        format,
        (progress) => setRunning({ format, progress }),
        abort.signal,
      );
      saveBlob(file.blob, file.fileName);
      const rows = file.rows ?? file.totalRows;
      showSuccess(rows === null ? `${file.fileName} downloaded` : `${file.fileName} downloaded (${rows} rows)`);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) showError(error);
    } finally {
      controller.current = null;
      setRunning(null);
    }
  };

  const progress = running?.progress;
  const fraction =
    progress && progress.rows !== null && progress.totalRows ? Math.min(1, progress.rows / progress.totalRows) : null;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            disabled={disabled || running !== null}
            loading={running?.format === format}
            loadingPosition="start"
            onClick={() => void start(format)}
          >
            Download {FORMAT_NAMES[format]}
          </Button>
        ))}
      </Stack>
      {running && progress && (
        <Box sx={{ mt: 1.5, maxWidth: 420 }}>
          <Typography variant="body2" id={labelId} role="status">
            {progressText(running.format, progress)}
          </Typography>
          <LinearProgress
            aria-labelledby={labelId}
            variant={fraction === null ? 'indeterminate' : 'determinate'}
            value={fraction === null ? undefined : fraction * 100}
            sx={{ my: 0.5 }}
          />
          <Button size="small" onClick={() => controller.current?.abort()}>
            Cancel download
          </Button>
        </Box>
      )}
    </Box>
  );
}
