import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Circle } from '@placely/contract';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { JoinLinkDialog } from '../../../lib/components/JoinLinkDialog';
import { showSuccess } from '../../../lib/snackbar';
import { useDeleteCircle } from '../api/deleteCircle';
import { useManagedCircles } from '../api/listManagedCircles';
import { itemsOf } from '../api/pagedList';
import type { MembershipKind } from '../kinds';
import { type CircleFormExtras, MembershipDialog } from './MembershipDialog';

export interface MembershipManagerProps<C extends Circle> {
  kind: MembershipKind<C>;
  /** Whether the caller may create circles of this kind (the New button and the empty text follow it). */
  canCreate?: boolean;
  /** The kind's own fields of the create/edit dialog. */
  form: CircleFormExtras<C>;
  /** The kind's own lines under the name (verification: the institution). */
  subtitle?: (circle: C) => ReactNode;
  /** The kind's own chips and links under the description. */
  chips: (circle: C) => ReactNode;
  /** The kind's own card actions (verification: roles). */
  actions?: (circle: C) => ReactNode;
}

/** The circles the caller runs: create, share the join link and QR code, edit, delete, and the kind's own actions. */
export function MembershipManager<C extends Circle>({
  kind,
  canCreate = true,
  form,
  subtitle,
  chips,
  actions,
}: MembershipManagerProps<C>) {
  const list = useManagedCircles(kind);
  const remove = useDeleteCircle(kind as MembershipKind);
  const [editing, setEditing] = useState<C | 'new' | null>(null);
  const [sharing, setSharing] = useState<C | null>(null);
  const [deleting, setDeleting] = useState<C | null>(null);
  const circles = itemsOf(list.data);
  const { noun, Noun, plural } = kind.words;
  const Plural = `${plural.slice(0, 1).toUpperCase()}${plural.slice(1)}`;

  return (
    <Stack spacing={2}>
      {canCreate && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New {noun}
          </Button>
        </Stack>
      )}
      {list.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : list.isError ? (
        <Alert severity="error">Your {plural} could not be loaded. Reload the page to try again.</Alert>
      ) : circles.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography color="text.secondary">
              {canCreate ? kind.words.managerEmpty : (kind.words.managerEmptyNoCreate ?? kind.words.managerEmpty)}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={Plural}>
          {circles.map((circle) => (
            <Card component="li" variant="outlined" key={circle.id}>
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 500, wordBreak: 'break-word' }}>
                  {circle.name}
                </Typography>
                {subtitle?.(circle)}
                {circle.description && (
                  <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
                    {circle.description}
                  </Typography>
                )}
                {chips(circle)}
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setSharing(circle)}
                  aria-label={`Share ${circle.name}`}
                >
                  Share link
                </Button>
                {circle.abilities.manage && (
                  <Button size="small" onClick={() => setEditing(circle)} aria-label={`Edit ${circle.name}`}>
                    Edit
                  </Button>
                )}
                {actions?.(circle)}
                {circle.abilities.delete && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(circle)}
                    aria-label={`Delete ${circle.name}`}
                  >
                    Delete
                  </Button>
                )}
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}

      {editing && <MembershipDialog kind={kind} circle={editing} extras={form} onClose={() => setEditing(null)} />}
      {sharing && (
        <JoinLinkDialog name={sharing.name} path={kind.joinLink(sharing.id)} onClose={() => setSharing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? `this ${noun}`}?`}
        confirmLabel="Delete group"
        cancelLabel="Keep it"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => showSuccess(`${Noun} deleted`) });
          setDeleting(null);
        }}
      >
        {kind.words.deleteExplain}
      </ConfirmDialog>
    </Stack>
  );
}
