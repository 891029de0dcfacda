import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Offer } from '@placely/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { Section } from '../../../lib/components/Section';
import { formatCtc } from '../../../lib/ctc';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { openFile } from '../../../lib/uploads/fileLink';
import { useMyOffers } from '../api/getMyOffers';
import { useRespondToOffer } from '../api/respondToOffer';

/**
 * The offers made to the student: what each is (role, CTC, place, joining date), its letter and the time left to
 * answer; accept or decline here. Accepting writes a placement verified by the company on the profile.
 */
export function MyOffers() {
  const offers = useMyOffers();
  const respond = useRespondToOffer();
  const [accepting, setAccepting] = useState<Offer | null>(null);
  const answer = (offer: Offer, decision: 'accept' | 'decline') =>
    respond.mutate(
      { offerId: offer.id, decision },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );
  if (offers.isError) return <Alert severity="error">Your offers could not be loaded.</Alert>;
  if (!offers.data || offers.data.items.length === 0) return null;
  return (
    <Section title="Your offers">
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {offers.data.items.map((offer) => (
          <Stack component="li" key={offer.id} spacing={0.75} sx={{ borderBottom: 1, borderColor: 'divider', pb: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {offer.role} · {offer.organizationName}
              </Typography>
              <Chip
                size="small"
                color={offer.status === 'accepted' ? 'success' : 'default'}
                label={offer.statusLabel}
              />
            </Stack>
            <Typography variant="body2">
              {formatCtc(offer.ctc.amount, offer.ctc.currency, offer.ctc.period)}
              {offer.location ? ` · ${offer.location}` : ''}
              {offer.joiningDate ? ` · joining ${formatCalendarDate(offer.joiningDate)}` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              For {offer.openingTitle}
              {offer.status === 'pending' ? ` · answer by ${formatDateTime(offer.respondBy)}` : ''}
              {offer.statusReason ? ` · ${offer.statusReason}` : ''}
            </Typography>
            {offer.letterFileId && (
              <Button
                size="small"
                variant="outlined"
                sx={{ alignSelf: 'flex-start' }}
                aria-label={`Open the offer letter from ${offer.organizationName}`}
                onClick={() => offer.letterFileId && openFile(offer.letterFileId).catch(showError)}
              >
                Open the offer letter
              </Button>
            )}
            {(offer.abilities.accept || offer.abilities.decline) && (
              <Stack direction="row" spacing={1}>
                {offer.abilities.accept && (
                  <Button
                    variant="contained"
                    size="small"
                    onClick={() => setAccepting(offer)}
                    disabled={respond.isPending}
                  >
                    Accept {offer.role}
                  </Button>
                )}
                {offer.abilities.decline && (
                  <Button size="small" onClick={() => answer(offer, 'decline')} disabled={respond.isPending}>
                    Decline
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
        ))}
      </Stack>
      <ConfirmDialog
        open={accepting !== null}
        title={`Accept the offer from ${accepting?.organizationName ?? ''}?`}
        confirmLabel="Accept the offer"
        onCancel={() => setAccepting(null)}
        onConfirm={() => {
          if (accepting) answer(accepting, 'accept');
          setAccepting(null);
        }}
      >
        Your placement cell’s policy may then limit which openings you can still apply to. The placement is added to
        your profile, verified by the company.
      </ConfirmDialog>
    </Section>
  );
}
