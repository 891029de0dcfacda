import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MERGE_FIELDS,
  MESSAGE_LIMITS,
  type MessageTemplate,
  unknownMergeFieldMessage,
  unknownMergeFields,
} from '@placely/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCreateTemplate } from '../api/createTemplate';
import { useDeleteTemplate } from '../api/deleteTemplate';
import { useTemplates } from '../api/listTemplates';
import { useUpdateTemplate } from '../api/updateTemplate';

interface Draft {
  id: string | null;
  name: string;
  subject: string;
  body: string;
}
const EMPTY: Draft = { id: null, name: '', subject: '', body: '' };
const mergeError = (text: string) => {
  const [first] = unknownMergeFields(text);
  return first === undefined ? null : unknownMergeFieldMessage(first);
};

/** The organization's message templates: a page at a time, added, changed and removed by owners and coordinators. */
export function MessageTemplatesDialog({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const templates = useTemplates(page);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const data = templates.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const canManage = data?.abilities.manage ?? false;
  const subjectError = draft ? mergeError(draft.subject) : null;
  const bodyError = draft ? mergeError(draft.body) : null;

  const save = () => {
    if (!draft || subjectError || bodyError) return;
    const input = { name: draft.name, subject: draft.subject, body: draft.body };
    const done = {
      onSuccess: (result: MessageTemplate & { message: string }) => {
        showSuccess(result.message);
        setDraft(null);
      },
      onError: (error: unknown) => showError(error),
    };
    if (draft.id) update.mutate({ ...input, id: draft.id }, done);
    else create.mutate(input, done);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="templates-title">
      <DialogTitle id="templates-title">Message templates</DialogTitle>
      <DialogContent>
        {templates.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : templates.isError ? (
          <Alert severity="error">{errorMessage(templates.error)}</Alert>
        ) : draft ? (
          <Stack spacing={2} sx={{ pt: 1 }} component="form" aria-label={draft.id ? 'Edit template' : 'New template'}>
            <TextField
              label="Name"
              required
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
              slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.templateName } }}
            />
            <TextField
              label="Subject"
              required
              value={draft.subject}
              onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
              error={subjectError !== null}
              helperText={subjectError ?? undefined}
              slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.subject } }}
            />
            <TextField
              label="Message"
              required
              multiline
              minRows={5}
              value={draft.body}
              onChange={(event) => setDraft({ ...draft, body: event.target.value })}
              error={bodyError !== null}
              helperText={bodyError ?? `Merge fields: ${MERGE_FIELDS.map((field) => `{{${field}}}`).join(', ')}`}
              slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.body } }}
            />
          </Stack>
        ) : (
          <>
            {data && data.items.length === 0 && (
              <Typography color="text.secondary">
                No templates yet.{canManage ? ' Add one to write to candidates faster.' : ''}
              </Typography>
            )}
            <List disablePadding>
              {data?.items.map((template) => (
                <ListItem key={template.id} disableGutters sx={{ display: 'block', py: 1 }}>
                  <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{template.name}</Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                    {template.subject}
                  </Typography>
                  {canManage && (
                    <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                      <Button
                        size="small"
                        onClick={() => setDraft({ ...template })}
                        aria-label={`Edit ${template.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Delete ${template.name}`}
                        loading={remove.isPending && remove.variables === template.id}
                        onClick={() =>
                          remove.mutate(template.id, {
                            onSuccess: (result) => showSuccess(result.message),
                            onError: (error) => showError(error),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </Stack>
                  )}
                </ListItem>
              ))}
            </List>
            {pages > 1 && (
              <Pagination
                count={pages}
                page={page}
                onChange={(_event, next) => setPage(next)}
                sx={{ mt: 1 }}
                aria-label="Template pages"
              />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {draft ? (
          <>
            <Button onClick={() => setDraft(null)}>Back</Button>
            <Button
              variant="contained"
              loading={create.isPending || update.isPending}
              disabled={
                !draft.name.trim() || !draft.subject.trim() || !draft.body.trim() || Boolean(subjectError || bodyError)
              }
              onClick={save}
            >
              Save template
            </Button>
          </>
        ) : (
          <>
            {canManage && <Button onClick={() => setDraft(EMPTY)}>New template</Button>}
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
