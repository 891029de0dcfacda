import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FILE_RULES, formatBytes, RESUME_TITLE_MAX, type Resume, type StoredFile } from '@placely/contract';
import { type FormEvent, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { openFile } from '../../../lib/uploads/fileLink';
import { useFileUpload } from '../../../lib/uploads/useFileUpload';
import { useAddResume } from '../api/addResume';
import { useDeleteResume } from '../api/deleteResume';
import { useGenerateResume } from '../api/generateResume';
import { useResumes } from '../api/listResumes';
import { useUpdateResume } from '../api/updateResume';

const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, RESUME_TITLE_MAX) || 'Resume';

/** Upload PDF resumes (with progress; large files pause and resume), pick the default, rename, download, delete. */
export function ResumesSection() {
  const resumes = useResumes();
  const add = useAddResume();
  const update = useUpdateResume();
  const remove = useDeleteResume();
  const generate = useGenerateResume();
  const input = useRef<HTMLInputElement>(null);
  const [renaming, setRenaming] = useState<Resume | null>(null);
  const [deleting, setDeleting] = useState<Resume | null>(null);
  const upload = useFileUpload('resume', (file: StoredFile) =>
    add.mutate(
      { fileId: file.id, title: titleFromFileName(file.name) },
      { onSuccess: () => showSuccess('Resume uploaded') },
    ),
  );
  const busy = upload.state.status === 'uploading' || upload.state.status === 'paused' || add.isPending;

  return (
    <Stack spacing={2}>
      {resumes.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : resumes.data && resumes.data.resumes.length > 0 ? (
        <List disablePadding aria-label="Resumes">
          {resumes.data.resumes.map((resume) => (
            <ListItem key={resume.id} divider sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <DescriptionOutlinedIcon />
              </ListItemIcon>
              <ListItemText
                primary={resume.title}
                secondary={`${resume.file.name} · ${formatBytes(resume.file.size)} · ${formatDate(resume.createdAt)}`}
                sx={{ flex: '1 1 12rem', minWidth: 0, wordBreak: 'break-word' }}
              />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
                {resume.isDefault ? (
                  <Chip size="small" color="primary" variant="outlined" label="Default" />
                ) : (
                  <Button size="small" onClick={() => update.mutate({ id: resume.id, isDefault: true })}>
                    Make default
                  </Button>
                )}
                <Button
                  size="small"
                  aria-label={`Download ${resume.title}`}
                  onClick={() => openFile(resume.file.id).catch(showError)}
                >
                  Download
                </Button>
                <Button size="small" aria-label={`Rename ${resume.title}`} onClick={() => setRenaming(resume)}>
                  Rename
                </Button>
                <Button
                  size="small"
                  color="error"
                  aria-label={`Delete ${resume.title}`}
                  onClick={() => setDeleting(resume)}
                >
                  Delete
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">
          No resumes yet. Upload a PDF and it is sent with your Quick Apply applications.
        </Typography>
      )}

      {(upload.state.status === 'uploading' || upload.state.status === 'paused') && (
        <Box>
          <Typography variant="body2" id="resume-upload-label">
            {upload.state.status === 'paused' ? 'Paused' : 'Uploading'} {upload.state.fileName} —{' '}
            {Math.round(upload.state.progress * 100)}%
          </Typography>
          <LinearProgress
            variant="determinate"
            value={upload.state.progress * 100}
            aria-labelledby="resume-upload-label"
            sx={{ my: 1 }}
          />
          <Stack direction="row" spacing={1}>
            {upload.state.resumable &&
              (upload.state.status === 'paused' ? (
                <Button size="small" onClick={upload.resume}>
                  Resume
                </Button>
              ) : (
                <Button size="small" onClick={upload.pause}>
                  Pause
                </Button>
              ))}
            <Button size="small" onClick={upload.cancel}>
              Cancel upload
            </Button>
          </Stack>
        </Box>
      )}
      {upload.state.status === 'error' && (
        <Alert severity="error">
          {upload.state.fileName}: {upload.state.message}
        </Alert>
      )}

      <Box>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          aria-hidden
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.start(file);
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            Upload a resume
          </Button>
          <Button
            variant="outlined"
            startIcon={<AutoAwesomeOutlinedIcon />}
            loading={generate.isPending}
            onClick={() => generate.mutate({}, { onSuccess: () => showSuccess('Resume generated from your profile') })}
          >
            Generate from my profile
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Upload a {FILE_RULES.resume.label} up to {formatBytes(FILE_RULES.resume.maxBytes)}, or build a clean
          one-column PDF from your profile sections.
        </Typography>
      </Box>

      <RenameDialog
        resume={renaming}
        onClose={() => setRenaming(null)}
        onSave={(title) => {
          if (renaming) update.mutate({ id: renaming.id, title }, { onSuccess: () => showSuccess('Resume renamed') });
          setRenaming(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this resume?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => showSuccess('Resume deleted') });
          setDeleting(null);
        }}
      >
        “{deleting?.title}” and its file will be deleted. Applications you already sent keep their copy.
      </ConfirmDialog>
    </Stack>
  );
}

function RenameDialog({
  resume,
  onClose,
  onSave,
}: {
  resume: Resume | null;
  onClose: () => void;
  onSave: (title: string) => void;
}) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError('Give the resume a title');
      return;
    }
    onSave(trimmed);
  };
  return (
    <Dialog
      open={resume !== null}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onEnter: () => {
            setTitle(resume?.title ?? '');
            setError(null);
          },
        },
      }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle>Rename resume</DialogTitle>
        <DialogContent>
          <TextField
            label="Title"
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: RESUME_TITLE_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
