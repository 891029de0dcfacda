import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTENT_TYPES, FILE_RULES, type FileAnswer, formatBytes, type LeafField } from '@placely/contract';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type FieldValues, useController, useFormContext } from 'react-hook-form';
import { errorMessage } from '../../../lib/api/errors';
import { showError } from '../../../lib/snackbar';
import { useFileUpload } from '../../../lib/uploads/useFileUpload';
import { isFileAnswer } from '../formValues';
import { errorText, useQuickApplyFieldContext } from './formContext';

type FileField = Extract<LeafField, { type: 'fileUpload' }>;

// Only on the screen while a file uploads: the form's first load does without it.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));
// Only for a question that asks for a resume, signed in.
const SavedResumePicker = lazy(() =>
  import('./SavedResumePicker').then((module) => ({ default: module.SavedResumePicker })),
);

const TYPE_NAMES: Record<string, { name: string; extensions: string[] }> = {
  [CONTENT_TYPES.pdf]: { name: 'PDF', extensions: ['.pdf'] },
  [CONTENT_TYPES.docx]: { name: 'Word (.docx)', extensions: ['.docx'] },
  [CONTENT_TYPES.png]: { name: 'PNG', extensions: ['.png'] },
  [CONTENT_TYPES.jpeg]: { name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  [CONTENT_TYPES.webp]: { name: 'WebP', extensions: ['.webp'] },
};

/** The content types a file field takes: its own list, or every type application files may have. */
export function acceptedTypesOf(field: FileField): readonly string[] {
  return field.acceptedTypes.length > 0 ? field.acceptedTypes : FILE_RULES.application.contentTypes;
}

/** "PDF or Word (.docx)", "PDF, PNG or JPEG". */
export function describeTypes(types: readonly string[]): string {
  const names = types.map((type) => TYPE_NAMES[type]?.name ?? type);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** What the browser can tell before uploading; the server checks the content again. */
export function precheckFieldFile(field: FileField, file: { size: number; type: string }): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > field.maxBytes) return `The file is larger than ${formatBytes(field.maxBytes)}.`;
  const types = acceptedTypesOf(field);
  if (file.type && !types.includes(file.type)) return `Choose a ${describeTypes(types)} file.`;
  return null;
}

export interface FileUploadInputProps {
  field: FileField;
  path: string;
  note?: ReactNode;
  context?: string | null;
}

/**
 * A file question: choose a file (checked against the field's types and size), watch it upload with a progress
 * bar (large files pause and resume), then download, replace or remove it. In the preview nothing is uploaded: the
 * chosen file is only checked, so the organization sees the same limits its applicants will.
 */
export function FileUploadInput({ field, path, note, context }: FileUploadInputProps) {
  const { control } = useFormContext<FieldValues>();
  const { field: input, fieldState } = useController({ name: path, control });
  const { mode, setUploading, savedResumes } = useQuickApplyFieldContext();
  const value = isFileAnswer(input.value) ? (input.value as FileAnswer) : null;
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const progressLabelId = useId();
  const upload = useFileUpload('application', (stored) => {
    input.onChange({ fileId: stored.id, name: stored.name, size: stored.size, contentType: stored.contentType });
    input.onBlur();
  });
  const active = upload.state.status === 'uploading' || upload.state.status === 'paused' ? upload.state : null;
  const busy = active !== null;

  useEffect(() => {
    setUploading(path, busy);
    return () => setUploading(path, false);
  }, [busy, path, setUploading]);

  const types = acceptedTypesOf(field);
  const limits = `${describeTypes(types)}, up to ${formatBytes(field.maxBytes)}`;
  const error = errorText(fieldState.error);
  const uploadError = upload.state.status === 'error' ? upload.state.message : null;
  const who = `${field.label}${context ? `, ${context}` : ''}`;

  const choose = (file: File) => {
    const check = precheckFieldFile(field, file);
    setProblem(check);
    if (check) return;
    if (mode === 'preview') {
      input.onChange({ fileId: 'preview', name: file.name, size: file.size, contentType: file.type });
      return;
    }
    upload.start(file);
  };

  return (
    <FormControl component="fieldset" error={Boolean(error)} required={field.required} fullWidth>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        {field.label}
      </FormLabel>
      {field.helpText && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {field.helpText}
        </Typography>
      )}
      <input
        ref={picker}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={`File for ${who}`}
        accept={types.flatMap((type) => [type, ...(TYPE_NAMES[type]?.extensions ?? [])]).join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) choose(file);
        }}
      />

      {value && !busy && (
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <DescriptionOutlinedIcon color="action" aria-hidden="true" />
          <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
            <Typography sx={{ wordBreak: 'break-word' }}>{value.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatBytes(value.size)}
              {note ? <> · {note}</> : null}
            </Typography>
          </Box>
          {mode === 'apply' && (
            <Button
              size="small"
              aria-label={`Download ${value.name}`}
              onClick={() =>
                // The download link's request loads at the first download, like the upload client.
                import('../../../lib/uploads/fileLink')
                  .then(({ openFile }) => openFile(value.fileId))
                  .catch((failure: unknown) => showError(errorMessage(failure)))
              }
            >
              Download
            </Button>
          )}
          <Button size="small" aria-label={`Replace the file for ${who}`} onClick={() => picker.current?.click()}>
            Replace
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={`Remove the file for ${who}`}
            onClick={() => {
              input.onChange(null);
              setProblem(null);
            }}
          >
            Remove
          </Button>
        </Stack>
      )}

      {active && (
        <Box>
          <Typography variant="body2" id={progressLabelId}>
            {active.status === 'paused' ? 'Paused' : 'Uploading'} {active.fileName} —{' '}
            {Math.round(active.progress * 100)}%
          </Typography>
          {/* The bar's own height while it loads, so nothing moves when it comes. */}
          <Suspense fallback={<Box sx={{ height: 4, my: 1 }} />}>
            <LinearProgress
              variant="determinate"
              value={active.progress * 100}
              aria-labelledby={progressLabelId}
              sx={{ my: 1 }}
            />
          </Suspense>
          <Stack direction="row" spacing={1}>
            {active.resumable &&
              (active.status === 'paused' ? (
                <Button size="small" onClick={upload.resume}>
                  Resume upload
                </Button>
              ) : (
                <Button size="small" onClick={upload.pause}>
                  Pause upload
                </Button>
              ))}
            <Button size="small" onClick={upload.cancel}>
              Cancel upload
            </Button>
          </Stack>
        </Box>
      )}

      {!value && !busy && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            ref={input.ref}
            onClick={() => picker.current?.click()}
            onBlur={input.onBlur}
            aria-describedby={labelId}
            aria-invalid={Boolean(error)}
          >
            Choose a file
          </Button>
        </Box>
      )}

      {savedResumes && mode === 'apply' && field.autoFillKey === 'resume' && !busy && (
        <Suspense fallback={null}>
          <SavedResumePicker
            field={field}
            value={value}
            onPick={(file) => {
              input.onChange(file);
              input.onBlur();
              setProblem(null);
            }}
          />
        </Suspense>
      )}

      {(problem || uploadError) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem ?? uploadError}
        </Alert>
      )}
      <FormHelperText sx={{ mx: 0 }}>{error ?? limits}</FormHelperText>
    </FormControl>
  );
}
