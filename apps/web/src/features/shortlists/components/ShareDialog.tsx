import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SHARE_FIELD_LABELS,
  SHARE_FIELDS,
  SHORTLIST_LIMITS,
  type ShareField,
  type ShareLink,
  type Shortlist,
} from '@placely/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCreateShareLink } from '../api/createShareLink';
import { useShareLinks } from '../api/getShareLinks';
import { useRevokeShareLink } from '../api/revokeShareLink';

const STATE_COLORS = { live: 'success', expired: 'default', revoked: 'error' } as const;
const day = (iso: string) => formatDate(iso);

/**
 * Share a shortlist with people without an account: choose what the link shows (contact details start off), its
 * expiry and a label; copy the address (shown once); see every link's views and revoke it.
 */
export function ShareDialog({
  shortlist,
  open,
  onClose,
}: {
  shortlist: Shortlist;
  open: boolean;
  onClose: () => void;
}) {
  const links = useShareLinks(shortlist.id);
  const create = useCreateShareLink();
  const revoke = useRevokeShareLink();
  const [fields, setFields] = useState<Set<ShareField>>(
    () => new Set(shortlist.fields.filter((field) => field !== 'contact')),
  );
  const [days, setDays] = useState(String(SHORTLIST_LIMITS.defaultLinkDays));
  const [label, setLabel] = useState('');
  const [requireEmail, setRequireEmail] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const dayCount = Number(days);
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= SHORTLIST_LIMITS.maxLinkDays;

  const toggle = (field: ShareField) =>
    setFields((previous) => {
      const next = new Set(previous);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });
  const submit = () =>
    create.mutate(
      {
        shortlistId: shortlist.id,
        fields: SHARE_FIELDS.filter((field) => fields.has(field)),
        expiresInDays: dayCount,
        requireEmail,
        ...(label.trim() ? { label: label.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          setMade(result.data.url);
          showSuccess(result.message);
        },
        onError: (error) => showError(error),
      },
    );
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made);
      showSuccess('Link copied');
    } catch {
      showError('Copy did not work here: select the address and copy it yourself.');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title">
      <DialogTitle id="share-dialog-title">Share “{shortlist.name}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormGroup>
            <FormLabel component="legend">The link shows</FormLabel>
            {SHARE_FIELDS.map((field) => (
              <FormControlLabel
                key={field}
                control={<Checkbox checked={fields.has(field)} onChange={() => toggle(field)} />}
                label={SHARE_FIELD_LABELS[field]}
              />
            ))}
          </FormGroup>
          <FormControlLabel
            control={<Checkbox checked={requireEmail} onChange={(event) => setRequireEmail(event.target.checked)} />}
            label="Reviewers confirm their email address with a code before giving verdicts"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Expires after (days)"
              type="number"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              error={!daysValid}
              helperText={daysValid ? ' ' : `1 to ${SHORTLIST_LIMITS.maxLinkDays} days`}
              slotProps={{ htmlInput: { min: 1, max: SHORTLIST_LIMITS.maxLinkDays } }}
            />
            <TextField
              label="Label (who it is for)"
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              helperText="Shown beside their verdicts"
              slotProps={{ htmlInput: { maxLength: SHORTLIST_LIMITS.linkLabelLength } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <div>
            <Button variant="contained" onClick={submit} disabled={!daysValid || create.isPending}>
              Create link
            </Button>
          </div>
          {made && (
            <Alert severity="success">
              <Stack spacing={1}>
                <Typography variant="body2">Copy it now: the address is shown only once.</Typography>
                {/* Focus goes to the new link (issue 40), selected for copying; a newer link takes it again. */}
                <TextField
                  key={made}
                  autoFocus
                  value={made}
                  label="Share link"
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-link-url' } }}
                  onFocus={(event) => event.target.select()}
                />
                <div>
                  <Button size="small" startIcon={<ContentCopyIcon />} onClick={copy}>
                    Copy link
                  </Button>
                </div>
              </Stack>
            </Alert>
          )}
          <Typography variant="subtitle2" component="h3">
            Links
          </Typography>
          {links.data?.items.length === 0 && <Typography variant="body2">No links yet.</Typography>}
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Share links">
            {links.data?.items.map((link) => (
              <Stack
                component="li"
                key={link.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Chip size="small" label={link.state} color={STATE_COLORS[link.state]} />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }}>
                  {link.label ?? 'Link'} · {link.views} {link.views === 1 ? 'view' : 'views'}
                  {link.requireEmail ? ' · confirmed emails' : ''}
                  {link.lastViewedAt ? ` (last ${day(link.lastViewedAt)})` : ''} · expires {day(link.expiresAt)}
                </Typography>
                {link.state === 'live' && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRevoking(link)}
                    aria-label={`Revoke ${link.label ?? 'link'}`}
                  >
                    Revoke
                  </Button>
                )}
              </Stack>
            ))}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this link?"
        confirmLabel="Revoke link"
        destructive
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const link = revoking;
          setRevoking(null);
          if (!link) return;
          revoke.mutate(link.id, {
            onSuccess: (result) => showSuccess(result.message),
            onError: (error) => showError(error),
          });
        }}
      >
        {revoking &&
          `Everyone who has “${revoking.label ?? 'this link'}” loses access to the ${shortlist.count === 1 ? '1 candidate' : `${shortlist.count} candidates`} of “${shortlist.name}” at once${revoking.views > 0 ? ` (it was opened ${revoking.views === 1 ? 'once' : `${revoking.views} times`})` : ''}. Verdicts already given are kept. A revoked link cannot be turned back on.`}
      </ConfirmDialog>
    </Dialog>
  );
}
