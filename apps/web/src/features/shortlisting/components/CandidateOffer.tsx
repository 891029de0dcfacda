import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Offer, OfferState } from '@placely/contract';
import { useState } from 'react';
import { formatCtc } from '../../../lib/ctc';
import { formatCalendarDate, formatDateTime } from '../../../lib/dates';
import { showError } from '../../../lib/snackbar';
import { openFile } from '../../../lib/uploads/fileLink';
import { EndOfferDialog } from './EndOfferDialog';

/** How an offer's state reads at a glance (its words come from the server's `statusLabel`). */
export const OFFER_STATE_COLORS: Record<OfferState, ChipProps['color']> = {
  pending: 'info',
  accepted: 'success',
  declined: 'default',
  lapsed: 'warning',
  withdrawn: 'default',
  reneged: 'warning',
  rescinded: 'error',
};

/** "Offer details missing": a candidate in an Offered stage without an offer (moved with others, or by an undo). */
export function OfferMissing({ canMake, onMake }: { canMake: boolean; onMake: () => void }) {
  return (
    <Alert
      severity="warning"
      action={
        canMake ? (
          <Button color="inherit" size="small" onClick={onMake}>
            Make the offer…
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Offer details missing</AlertTitle>
      In the Offered stage without an offer: the candidate has nothing to accept yet.
    </Alert>
  );
}

/**
 * The offer made to this candidate in the candidate panel: its state (waiting, accepted, declined, lapsed, withdrawn,
 * reneged, rescinded) with the reason given, what it offers, the letter, the policy's warnings, and — as the server's
 * abilities say and the caller's role allows — withdraw (waiting) or rescind (accepted) with a reason.
 */
export function CandidateOffer({
  openingId,
  offer,
  inOfferedStage,
  canAct,
  onMake,
}: {
  openingId: string;
  offer: Offer | undefined;
  inOfferedStage: boolean;
  /** The caller moves candidates in this opening (withdrawing, rescinding and making offers need it). */
  canAct: boolean;
  onMake: () => void;
}) {
  const [ending, setEnding] = useState<'withdraw' | 'rescind' | null>(null);
  if (!offer && !inOfferedStage) return null;
  return (
    <Box component="section" aria-labelledby="candidate-offer">
      <Typography id="candidate-offer" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}>
        Offer
      </Typography>
      {!offer ? (
        <OfferMissing canMake={canAct} onMake={onMake} />
      ) : (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{offer.role}</Typography>
            <Chip size="small" color={OFFER_STATE_COLORS[offer.status]} label={offer.statusLabel} />
          </Stack>
          <Typography variant="body2">
            {formatCtc(offer.ctc.amount, offer.ctc.currency, offer.ctc.period)}
            {offer.location ? ` · ${offer.location}` : ''}
            {offer.joiningDate ? ` · joining ${formatCalendarDate(offer.joiningDate)}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {offer.status === 'pending'
              ? `Answer by ${formatDateTime(offer.respondBy)}`
              : offer.decidedAt
                ? `${offer.statusLabel} ${formatDateTime(offer.decidedAt)}`
                : `Made ${formatDateTime(offer.createdAt)}`}
            {offer.statusReason ? ` · “${offer.statusReason}”` : ''}
          </Typography>
          {offer.policyWarnings.length > 0 && (
            <Alert severity="warning">
              <AlertTitle>The placement policy warned about this offer</AlertTitle>
              <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
                {offer.policyWarnings.map((warning) => (
                  <li key={warning.rule}>
                    <strong>{warning.label}:</strong> {warning.message}
                  </li>
                ))}
              </Stack>
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {offer.letterFileId && (
              <Button
                size="small"
                variant="outlined"
                onClick={() => offer.letterFileId && openFile(offer.letterFileId).catch(showError)}
              >
                Open the offer letter
              </Button>
            )}
            {canAct && offer.abilities.withdraw && (
              <Button size="small" color="error" onClick={() => setEnding('withdraw')}>
                Withdraw the offer…
              </Button>
            )}
            {canAct && offer.abilities.rescind && (
              <Button size="small" color="error" onClick={() => setEnding('rescind')}>
                Rescind the offer…
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      {offer && ending && (
        <EndOfferDialog openingId={openingId} offer={offer} action={ending} onClose={() => setEnding(null)} />
      )}
    </Box>
  );
}
