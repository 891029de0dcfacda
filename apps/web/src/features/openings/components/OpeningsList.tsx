import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  OPENING_KIND_LABELS,
  OPENING_STATUS_LABELS,
  type OpeningListItem,
  type OpeningStatus,
} from '@placely/contract';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS, toEditOpening, toForm, toOpeningResponses } from '../../../app/paths';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useChangeOpeningStatus } from '../api/changeOpeningStatus';
import { useDeleteOpening } from '../api/deleteOpening';
import { useDuplicateOpening } from '../api/duplicateOpening';
import { useOpenings } from '../api/listOpenings';
import { formatDateTime } from '../dateTime';
import { OpeningQrDialog } from './OpeningQrDialog';

const STATUS_COLORS: Record<OpeningStatus, 'default' | 'success' | 'warning'> = {
  draft: 'default',
  open: 'success',
  closed: 'warning',
};

/** The status an opening moves to from its menu, and what the action is called. */
const NEXT_STATUS: Record<OpeningStatus, { status: OpeningStatus; label: string }> = {
  draft: { status: 'open', label: 'Publish' },
  open: { status: 'closed', label: 'Close' },
  closed: { status: 'open', label: 'Reopen' },
};

export const publicFormUrl = (id: string) => new URL(toForm(id), window.location.origin).toString();

function OpeningCard({
  opening,
  onQr,
  onDelete,
}: {
  opening: OpeningListItem;
  onQr: () => void;
  onDelete: () => void;
}) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const duplicate = useDuplicateOpening();
  const changeStatus = useChangeOpeningStatus();
  const next = NEXT_STATUS[opening.status];
  const deadlinePassed = new Date(opening.deadline).getTime() <= Date.now();
  const { abilities } = opening;

  const copyLink = async () => {
    const url = publicFormUrl(opening.id);
    try {
      await navigator.clipboard.writeText(url);
      showSuccess('Link copied');
    } catch {
      showError(`Copy this link: ${url}`);
    }
  };

  return (
    <Card variant="outlined" component="article" aria-labelledby={`${menuId}-title`}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography
            id={`${menuId}-title`}
            variant="h2"
            sx={{ fontSize: '1.15rem', fontWeight: 500, wordBreak: 'break-word' }}
          >
            {opening.title}
          </Typography>
          <Chip
            size="small"
            label={OPENING_STATUS_LABELS[opening.status]}
            color={STATUS_COLORS[opening.status]}
            variant={opening.status === 'draft' ? 'outlined' : 'filled'}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {OPENING_KIND_LABELS[opening.kind]} ·{' '}
          {opening.applyMode === 'external' ? 'External link' : 'Quick Apply form'}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Deadline {formatDateTime(opening.deadline)}
          {deadlinePassed && (
            <Typography component="span" variant="body2" color="warning.main">
              {' '}
              (passed)
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {opening.applicationCount} {opening.applicationCount === 1 ? 'application' : 'applications'}
          {opening.responseCap !== null && ` of ${opening.responseCap} allowed`}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 1.5, pb: 1.5 }}>
        {abilities.viewApplications && (opening.applyMode === 'form' || opening.applicationCount > 0) && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<PeopleOutlineIcon />}
            component={RouterLink}
            to={toOpeningResponses(opening.id)}
            aria-label={`Responses to ${opening.title}`}
          >
            Responses
          </Button>
        )}
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={copyLink}
          aria-label={`Copy link to ${opening.title}`}
        >
          Copy link
        </Button>
        <Button size="small" startIcon={<QrCode2Icon />} onClick={onQr} aria-label={`QR code for ${opening.title}`}>
          QR code
        </Button>
        <Button
          size="small"
          startIcon={<OpenInNewIcon />}
          href={toForm(opening.id)}
          target="_blank"
          rel="noopener"
          aria-label={`Open the form of ${opening.title} (new tab)`}
        >
          Open form
        </Button>
        {abilities.update && (
          <Button
            size="small"
            startIcon={<EditOutlinedIcon />}
            component={RouterLink}
            to={toEditOpening(opening.id)}
            aria-label={`Edit ${opening.title}`}
          >
            Edit
          </Button>
        )}
        {(abilities.update || abilities.delete) && (
          <IconButton
            size="small"
            aria-label={`More actions for ${opening.title}`}
            aria-haspopup="menu"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={menuAnchor ? true : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            sx={{ ml: 'auto' }}
          >
            <MoreVertIcon />
          </IconButton>
        )}
        <Menu id={menuId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          {abilities.update && (
            <MenuItem
              disabled={duplicate.isPending}
              onClick={() => {
                setMenuAnchor(null);
                duplicate.mutate(opening.id, { onSuccess: () => showSuccess('Opening duplicated as a draft') });
              }}
            >
              Duplicate
            </MenuItem>
          )}
          {abilities.update && (
            <MenuItem
              disabled={changeStatus.isPending}
              onClick={() => {
                setMenuAnchor(null);
                changeStatus.mutate(
                  { id: opening.id, status: next.status },
                  {
                    onSuccess: (saved) =>
                      showSuccess(saved.status === 'closed' ? 'Opening closed' : 'Opening is open for applications'),
                  },
                );
              }}
            >
              {next.label}
            </MenuItem>
          )}
          {abilities.delete && (
            <MenuItem
              sx={{ color: 'error.main' }}
              onClick={() => {
                setMenuAnchor(null);
                onDelete();
              }}
            >
              Delete
            </MenuItem>
          )}
        </Menu>
      </CardActions>
    </Card>
  );
}

/** The organization's openings, newest first, with their links, responses and actions. */
export function OpeningsList() {
  const list = useOpenings();
  const remove = useDeleteOpening();
  const [qrFor, setQrFor] = useState<OpeningListItem | null>(null);
  const [deleting, setDeleting] = useState<OpeningListItem | null>(null);
  const openings = list.data?.pages.flatMap((page) => page.items) ?? [];

  if (list.isPending) {
    return (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="rounded" height={150} />
        <Skeleton variant="rounded" height={150} />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => list.refetch()}>
            Try again
          </Button>
        }
      >
        Your openings could not be loaded.
      </Alert>
    );
  }
  if (openings.length === 0) {
    return (
      <Card variant="outlined">
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            No openings yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Post a job, internship or campus drive with its own Quick Apply form, then share the link.
          </Typography>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={PATHS.organization.createOpening}
          >
            Create an opening
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Box>
      <Stack spacing={2} component="ul" aria-label="Your openings" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {openings.map((opening) => (
          <Box component="li" key={opening.id}>
            <OpeningCard opening={opening} onQr={() => setQrFor(opening)} onDelete={() => setDeleting(opening)} />
          </Box>
        ))}
      </Stack>
      {list.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            Load more openings
          </Button>
        </Box>
      )}
      <OpeningQrDialog
        title={qrFor?.title ?? ''}
        url={qrFor ? publicFormUrl(qrFor.id) : null}
        onClose={() => setQrFor(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this opening?"
        confirmLabel="Delete opening"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => showSuccess('Opening deleted') });
          setDeleting(null);
        }}
      >
        {deleting
          ? `“${deleting.title}” disappears from your openings and from students’ feeds, and its link stops taking applications. The ${deleting.applicationCount} ${deleting.applicationCount === 1 ? 'application' : 'applications'} already received are kept.`
          : ''}
      </ConfirmDialog>
    </Box>
  );
}
