import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTENT_TYPES, FILE_RULES, formatBytes } from '@placely/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useFileUpload } from '../../../lib/uploads/useFileUpload';

export interface OfferLetterFieldProps {
  /** The uploaded letter's file id (null: none yet). */
  value: string | null;
  onChange: (fileId: string | null) => void;
  /** While a file uploads the offer cannot be sent. */
  onBusyChange: (busy: boolean) => void;
  error?: string | undefined;
}

/** What the browser can tell before uploading; the server reads the bytes again and takes a PDF only. */
export function letterProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return 'The file is empty.';
  const isPdf = file.type === CONTENT_TYPES.pdf || (!file.type && file.name.toLowerCase().endsWith('.pdf'));
  if (!isPdf) return 'Choose a PDF file.';
  if (file.size > FILE_RULES.application.maxBytes) {
    return `The file is larger than ${formatBytes(FILE_RULES.application.maxBytes)}.`;
  }
  return null;
}

/**
 * The offer letter: a PDF uploaded with the files API (purpose "application", the uploader's file; the offer then
 * lets the student and the placement cell read it), with its progress, and replace or remove once uploaded.
 */
export function OfferLetterField({ value, onChange, onBusyChange, error }: OfferLetterFieldProps) {
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const progressId = useId();
  const upload = useFileUpload('application', (stored) => {
    setChosen({ name: stored.name, size: stored.size });
    onChange(stored.id);
  });
  const active = upload.state.status === 'uploading' || upload.state.status === 'paused' ? upload.state : null;
  const busy = active !== null;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const uploadError = upload.state.status === 'error' ? upload.state.message : null;

  const choose = (file: File) => {
    const check = letterProblem(file);
    setProblem(check);
    if (!check) upload.start(file);
  };

  return (
    <FormControl component="fieldset" error={Boolean(error)} fullWidth>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        Offer letter (PDF)
      </FormLabel>
      <input
        ref={picker}
        type="file"
        hidden
        tabIndex={-1}
        aria-label="Offer letter file"
        accept={`${CONTENT_TYPES.pdf},.pdf`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) choose(file);
        }}
      />
      {value && chosen && !busy && (
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            p: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <DescriptionOutlinedIcon color="action" aria-hidden="true" />
          <Box sx={{ flex: '1 1 8rem', minWidth: 0 }}>
            <Typography sx={{ wordBreak: 'break-word' }}>{chosen.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatBytes(chosen.size)} · uploaded
            </Typography>
          </Box>
          <Button
            size="small"
            aria-label={`Replace the offer letter ${chosen.name}`}
            onClick={() => picker.current?.click()}
          >
            Replace
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={`Remove the offer letter ${chosen.name}`}
            onClick={() => {
              onChange(null);
              setChosen(null);
            }}
          >
            Remove
          </Button>
        </Stack>
      )}
      {active && (
        <Box>
          <Typography variant="body2" id={progressId}>
            Uploading {active.fileName} — {Math.round(active.progress * 100)}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={active.progress * 100}
            aria-labelledby={progressId}
            sx={{ my: 1 }}
          />
          <Button size="small" onClick={upload.cancel}>
            Cancel upload
          </Button>
        </Box>
      )}
      {!value && !busy && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => picker.current?.click()}
            aria-describedby={labelId}
          >
            Choose a PDF
          </Button>
        </Box>
      )}
      {(problem || uploadError) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem ?? uploadError}
        </Alert>
      )}
      <FormHelperText sx={{ mx: 0 }}>
        {error ?? `Up to ${formatBytes(FILE_RULES.application.maxBytes)}. The student reads it before answering.`}
      </FormHelperText>
    </FormControl>
  );
}
