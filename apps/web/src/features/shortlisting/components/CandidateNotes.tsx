import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CANDIDATE_LIMITS, type CandidateNote } from '@placely/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/errors';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useAddNote } from '../api/addNote';
import { useDeleteNote } from '../api/deleteNote';
import { useNotes } from '../api/listNotes';
import { useUpdateNote } from '../api/updateNote';

const when = (iso: string) => formatDateTime(iso);

function NoteItem({
  note,
  openingId,
  applicationId,
}: {
  note: CandidateNote;
  openingId: string;
  applicationId: string;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const update = useUpdateNote(openingId, applicationId);
  const remove = useDeleteNote(openingId, applicationId);
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {note.author.name ?? 'Someone no longer here'} · {when(note.createdAt)}
        {note.updatedAt !== note.createdAt && ' · edited'}
      </Typography>
      {editing === null ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {note.body}
        </Typography>
      ) : (
        <TextField
          value={editing}
          onChange={(event) => setEditing(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          size="small"
          label="Edit note"
          slotProps={{ htmlInput: { maxLength: CANDIDATE_LIMITS.noteLength } }}
        />
      )}
      {note.mine && (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          {editing === null ? (
            <>
              <Button size="small" onClick={() => setEditing(note.body)}>
                Edit
              </Button>
              <Button
                size="small"
                color="error"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(note.id, {
                    onSuccess: () => showSuccess('Note deleted'),
                    onError: (error) => showError(error),
                  })
                }
              >
                Delete
              </Button>
            </>
          ) : (
            <>
              <Button
                size="small"
                variant="contained"
                loading={update.isPending}
                disabled={editing.trim() === ''}
                onClick={() =>
                  update.mutate(
                    { noteId: note.id, body: editing },
                    { onSuccess: () => setEditing(null), onError: (error) => showError(error) },
                  )
                }
              >
                Save
              </Button>
              <Button size="small" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}

/** The organization's notes on a candidate (never shown to the applicant): add, and edit or delete one's own. */
export function CandidateNotes({
  openingId,
  applicationId,
  canAdd,
}: {
  openingId: string;
  applicationId: string;
  canAdd: boolean;
}) {
  const notes = useNotes(openingId, applicationId);
  const add = useAddNote(openingId, applicationId);
  const [draft, setDraft] = useState('');
  return (
    <Box component="section" aria-labelledby="candidate-notes">
      <Typography id="candidate-notes" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 0.5 }}>
        Notes
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        Only your organization sees these.
      </Typography>
      {notes.isPending ? (
        <Skeleton width={240} />
      ) : notes.isError ? (
        <Alert severity="error">{errorMessage(notes.error)}</Alert>
      ) : notes.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No notes yet.
        </Typography>
      ) : (
        <Stack component="ol" spacing={1} sx={{ pl: 0, m: 0, listStyle: 'none' }} aria-label="Notes on this candidate">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} openingId={openingId} applicationId={applicationId} />
          ))}
        </Stack>
      )}
      {canAdd && (
        <Box
          component="form"
          sx={{ mt: 1.5 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (!draft.trim()) return;
            add.mutate(draft, { onSuccess: () => setDraft(''), onError: (error) => showError(error) });
          }}
        >
          <TextField
            label="Add a note"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { maxLength: CANDIDATE_LIMITS.noteLength } }}
          />
          <Button
            type="submit"
            variant="outlined"
            size="small"
            sx={{ mt: 1 }}
            loading={add.isPending}
            disabled={!draft.trim()}
          >
            Add note
          </Button>
        </Box>
      )}
    </Box>
  );
}
