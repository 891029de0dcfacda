import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Round } from '@placely/contract';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCreatePanelLink } from '../api/createPanelLink';
import { usePanelLinks } from '../api/listPanelLinks';
import { useRevokePanelLink } from '../api/revokePanelLink';

/** Personal links of the round's outside interviewers: make one (shown once), see its views, revoke it. */
export function PanelLinks({ round }: { round: Round }) {
  const links = usePanelLinks(round.id);
  const create = useCreatePanelLink();
  const revoke = useRevokePanelLink();
  const [fresh, setFresh] = useState<{ name: string; url: string } | null>(null);
  const outside = round.panels.flatMap((panel) =>
    panel.panelists.filter((p) => p.outside).map((p) => ({ ...p, panel: panel.name })),
  );
  if (outside.length === 0) return null;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h4">
        Outside interviewers
      </Typography>
      {fresh && (
        <Alert severity="success" onClose={() => setFresh(null)}>
          Link for {fresh.name} (copy it now, it is shown once):{' '}
          <Typography component="span" sx={{ wordBreak: 'break-all' }} data-testid="panel-link-url">
            {fresh.url}
          </Typography>
        </Alert>
      )}
      <List dense disablePadding>
        {outside.map((panelist) => {
          const own = links.data?.items.filter((l) => l.panelistId === panelist.id) ?? [];
          return (
            <ListItem key={panelist.id} disableGutters sx={{ display: 'block' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <Typography sx={{ flexGrow: 1 }}>
                  {panelist.name} ({panelist.email}) · {panelist.panel}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  loading={create.isPending}
                  onClick={() =>
                    create.mutate(
                      { panelistId: panelist.id },
                      {
                        onSuccess: (result) => {
                          showSuccess(result.message);
                          setFresh({ name: panelist.name, url: result.data.url ?? '' });
                        },
                        onError: (error) => showError(error),
                      },
                    )
                  }
                >
                  Make a link for {panelist.name}
                </Button>
              </Stack>
              {own.map((link) => (
                <Stack key={link.id} direction="row" spacing={1} sx={{ alignItems: 'center', pl: 2 }}>
                  <Typography variant="body2" sx={{ flexGrow: 1 }}>
                    {link.state === 'live' ? 'Live' : link.state === 'expired' ? 'Expired' : 'Revoked'} · until{' '}
                    {formatDate(link.expiresAt)} · {link.views} view{link.views === 1 ? '' : 's'}
                  </Typography>
                  {link.state === 'live' && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() =>
                        revoke.mutate(link.id, {
                          onSuccess: (result) => showSuccess(result.message),
                          onError: (error) => showError(error),
                        })
                      }
                    >
                      Revoke
                    </Button>
                  )}
                </Stack>
              ))}
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}
