import AddIcon from '@mui/icons-material/Add';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { showSuccess } from '../../../lib/snackbar';
import { useAddEntry } from '../api/addEntry';
import { useDeleteEntry } from '../api/deleteEntry';
import { useEditEntry } from '../api/editEntry';
import { type SectionEntry, useSectionEntries } from '../api/listEntries';
import type { SectionConfig } from '../sectionConfigs';
import { EntryForm } from './EntryForm';
import { formValuesFor } from './fields';

/** Entries of verifiable sections carry `verified`: a verification group vouches for them now. */
const isVerified = (entry: SectionEntry) => (entry as { verified?: unknown }).verified === true;

/** A profile section: its entries as cards, add and edit in a dialog, delete after confirming. */
export function SectionEditor({ config }: { config: SectionConfig }) {
  const list = useSectionEntries<SectionEntry>(config.path);
  const add = useAddEntry(config.path);
  const edit = useEditEntry(config.path);
  const remove = useDeleteEntry(config.path);
  const [editing, setEditing] = useState<SectionEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SectionEntry | null>(null);

  const entries = list.data?.entries ?? [];
  const close = () => setEditing(null);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add {config.noun}
        </Button>
      </Stack>

      {list.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : entries.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography color="text.secondary">{config.emptyText}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={config.title}>
          {entries.map((entry) => {
            const summary = config.summarize(entry);
            return (
              <Card component="li" variant="outlined" key={entry.id}>
                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
                  >
                    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, wordBreak: 'break-word' }}>
                        {summary.primary}
                      </Typography>
                      {isVerified(entry) && (
                        <Chip
                          size="small"
                          color="success"
                          variant="outlined"
                          icon={<VerifiedIcon />}
                          label="Verified"
                          sx={{ alignSelf: 'flex-start' }}
                        />
                      )}
                      {summary.secondary && <Typography color="text.secondary">{summary.secondary}</Typography>}
                      {summary.detail && (
                        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
                          {summary.detail}
                        </Typography>
                      )}
                      {summary.chips && summary.chips.length > 0 && (
                        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, pt: 0.5 }}>
                          {summary.chips.map((chip) => (
                            <Chip key={chip} size="small" label={chip} />
                          ))}
                        </Stack>
                      )}
                    </Stack>
                    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                      <Button
                        size="small"
                        aria-label={`Edit ${summary.primary}`}
                        onClick={() => setEditing(entry)}
                        disabled={entry.id.startsWith('pending-')}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Delete ${summary.primary}`}
                        onClick={() => setDeleting(entry)}
                        disabled={entry.id.startsWith('pending-')}
                      >
                        Delete
                      </Button>
                    </Stack>
                  </Stack>
                </CardContent>
              </Card>
            );
          })}
        </Stack>
      )}

      <Dialog open={editing !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="entry-dialog-title">
        <DialogTitle id="entry-dialog-title">
          {editing === 'new' ? `Add ${config.noun}` : `Edit ${config.noun}`}
        </DialogTitle>
        {editing !== null && editing !== 'new' && isVerified(editing) && (
          <Alert severity="warning" sx={{ mx: 3 }}>
            A verification group has verified this {config.noun}. Saving a change removes its verified badge until it is
            verified again; saving it unchanged keeps the badge.
          </Alert>
        )}
        {editing !== null && (
          <EntryForm
            fields={config.fields}
            schema={config.schema}
            initial={formValuesFor(config.fields, editing === 'new' ? config.blank : editing)}
            submitLabel={editing === 'new' ? 'Add' : 'Save'}
            onCancel={close}
            onSubmit={async (values) => {
              if (editing === 'new') await add.mutateAsync(values);
              else await edit.mutateAsync({ id: editing.id, entry: values });
              showSuccess(editing === 'new' ? `${config.nounTitle} added` : `${config.nounTitle} saved`);
              close();
            }}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete this ${config.noun}?`}
        confirmLabel="Delete"
        cancelLabel="Keep it"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => showSuccess(`${config.nounTitle} deleted`) });
          setDeleting(null);
        }}
      >
        “{deleting ? config.summarize(deleting).primary : ''}” will be removed from your profile
        {deleting && isVerified(deleting) ? ', together with its verified badge.' : '.'}
      </ConfirmDialog>
    </Stack>
  );
}
