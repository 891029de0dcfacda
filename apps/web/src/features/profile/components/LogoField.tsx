import BusinessIcon from '@mui/icons-material/Business';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FILE_RULES, formatBytes, publicFilePath, type StoredFile } from '@placely/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useFileUpload } from '../../../lib/uploads/useFileUpload';

export interface LogoFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** Shown only: no upload, no removal. */
  readOnly?: boolean;
}

/** The organization logo: upload an image (kept as a public file) or paste the address of one. */
export function LogoField<T extends FieldValues, TOut>({ control, name, readOnly = false }: LogoFieldProps<T, TOut>) {
  const { field, fieldState } = useController<T, Path<T>, TOut>({ control, name });
  const input = useRef<HTMLInputElement>(null);
  const progressId = useId();
  // The server serves a logo publicly only once the saved profile uses it, so until then the preview shows the
  // chosen file from this browser.
  const chosen = useRef<File | undefined>(undefined);
  const [localPreview, setLocalPreview] = useState<{ address: string; objectUrl: string }>();
  useEffect(() => () => localPreview && URL.revokeObjectURL(localPreview.objectUrl), [localPreview]);
  const upload = useFileUpload('logo', (file: StoredFile) => {
    // The stored value must be an absolute web address: public forms show it as it is.
    const address = new URL(publicFilePath(file.id), window.location.origin).toString();
    if (chosen.current) setLocalPreview({ address, objectUrl: URL.createObjectURL(chosen.current) });
    field.onChange(address);
  });
  const value = typeof field.value === 'string' ? field.value : '';
  const previewSrc = localPreview?.address === value ? localPreview.objectUrl : value;
  const busy = upload.state.status === 'uploading' || upload.state.status === 'paused';

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Avatar
          variant="rounded"
          src={previewSrc || undefined}
          alt={value ? 'Logo preview' : ''}
          sx={{ width: 56, height: 56, mt: 0.5, bgcolor: 'grey.200' }}
        >
          <BusinessIcon />
        </Avatar>
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          label="Logo URL"
          type="url"
          fullWidth
          disabled={readOnly}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? 'Upload an image or paste the address of one'}
        />
      </Stack>
      <input
        ref={input}
        type="file"
        accept={FILE_RULES.logo.contentTypes.join(',')}
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="logo-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          chosen.current = file;
          if (file) upload.start(file);
        }}
      />
      {!readOnly && (
        <Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={busy}
            >
              Upload logo
            </Button>
            {value && (
              <Button size="small" onClick={() => field.onChange('')} disabled={busy}>
                Remove logo
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {FILE_RULES.logo.label} up to {formatBytes(FILE_RULES.logo.maxBytes)}. Save the profile to keep it.
          </Typography>
        </Box>
      )}
      {(upload.state.status === 'uploading' || upload.state.status === 'paused') && (
        <Box>
          <Typography variant="body2" id={progressId}>
            Uploading {upload.state.fileName} — {Math.round(upload.state.progress * 100)}%
          </Typography>
          <LinearProgress variant="determinate" value={upload.state.progress * 100} aria-labelledby={progressId} />
          <Button size="small" onClick={upload.cancel}>
            Cancel upload
          </Button>
        </Box>
      )}
      {upload.state.status === 'error' && (
        <Alert severity="error">
          {upload.state.fileName}: {upload.state.message}
        </Alert>
      )}
    </Stack>
  );
}
