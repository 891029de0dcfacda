import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PORTFOLIO_VISIBILITY_LABELS, type Portfolio } from '@placely/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toViewer } from '../../../app/paths';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useDeletePortfolio } from '../api/deletePortfolio';
import { usePortfolios } from '../api/listPortfolios';
import { useRegeneratePortfolioId } from '../api/regeneratePortfolioId';
import { PortfolioDialog } from './PortfolioDialog';
import { ProfileCardPreview } from './ProfileCardPreview';

type Pending = { kind: 'regenerate' | 'delete'; portfolio: Portfolio } | null;

/** Your portfolios: open, copy the link, edit, issue a new link (retiring the old), delete. */
export function PortfolioManager() {
  const list = usePortfolios();
  const regenerate = useRegeneratePortfolioId();
  const remove = useDeletePortfolio();
  const [editing, setEditing] = useState<Portfolio | 'new' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);

  const copyLink = async (portfolio: Portfolio) => {
    const url = new URL(toViewer(portfolio.portfolioId), window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      showSuccess('Link copied');
    } catch {
      showError(`Copy this link: ${url}`);
    }
  };

  const portfolios = list.data?.portfolios ?? [];
  return (
    <Stack spacing={2}>
      {list.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : portfolios.length === 0 ? (
        <Typography color="text.secondary">
          No portfolio yet. Create one to share your profile with a link — you choose what it shows.
        </Typography>
      ) : (
        <List disablePadding aria-label="Portfolios">
          {portfolios.map((portfolio) => (
            <ListItem key={portfolio.id} divider sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={toViewer(portfolio.portfolioId)}>
                    {portfolio.title}
                  </Link>
                }
                secondary={`${PORTFOLIO_VISIBILITY_LABELS[portfolio.visibility]} · ${portfolio.viewCount} ${portfolio.viewCount === 1 ? 'view' : 'views'}`}
                sx={{ flex: '1 1 12rem' }}
              />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                {portfolio.visibility === 'private' && <Chip size="small" label="Private" />}
                {portfolio.visibility === 'public' && (
                  <Button
                    size="small"
                    onClick={() => setPreviewing(portfolio.portfolioId)}
                    aria-label={`Profile card of ${portfolio.title}`}
                  >
                    Card
                  </Button>
                )}
                <Button size="small" onClick={() => copyLink(portfolio)} aria-label={`Copy link to ${portfolio.title}`}>
                  Copy link
                </Button>
                <Button size="small" onClick={() => setEditing(portfolio)} aria-label={`Edit ${portfolio.title}`}>
                  Edit
                </Button>
                <Button
                  size="small"
                  onClick={() => setPending({ kind: 'regenerate', portfolio })}
                  aria-label={`New link for ${portfolio.title}`}
                >
                  New link
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setPending({ kind: 'delete', portfolio })}
                  aria-label={`Delete ${portfolio.title}`}
                >
                  Delete
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <div>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          New portfolio
        </Button>
      </div>
      <ProfileCardPreview portfolioId={previewing} onClose={() => setPreviewing(null)} />
      {editing && <PortfolioDialog portfolio={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete' ? 'Delete this portfolio?' : 'Create a new link?'}
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : 'Create new link'}
        destructive={pending?.kind === 'delete'}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending?.kind === 'delete') {
            remove.mutate(pending.portfolio.id, { onSuccess: () => showSuccess('Portfolio deleted') });
          } else if (pending) {
            regenerate.mutate(pending.portfolio.id, { onSuccess: () => showSuccess('New link created') });
          }
          setPending(null);
        }}
      >
        {pending?.kind === 'delete'
          ? `“${pending.portfolio.title}” will be deleted and its link will stop working.`
          : 'Everyone who has the current link loses access. Share the new link with the people who should see it.'}
      </ConfirmDialog>
    </Stack>
  );
}
