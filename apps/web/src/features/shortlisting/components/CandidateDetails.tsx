import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../lib/api/errors';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useCandidate } from '../api/getCandidate';
import { useOpeningOffers } from '../api/getOpeningOffers';
import { usePipeline } from '../api/getPipeline';
import { useMoveCandidates } from '../api/moveCandidates';
import { CandidateMessages } from './CandidateMessages';
import { CandidateNotes } from './CandidateNotes';
import { CandidateOffer } from './CandidateOffer';
import { CandidateTags } from './CandidateTags';
import { MessageDialog } from './MessageDialog';
import { OfferDialog } from './OfferDialog';
import { RejectDialog } from './RejectDialog';
import { StageHistory } from './StageHistory';

const heading = { fontSize: '1.05rem', fontWeight: 500, mb: 1 } as const;

export interface CandidateDetailsProps {
  openingId: string;
  applicationId: string;
  /**
   * Ratings of this candidate, built by another feature (the ratings issue's `RatingsPanel`); the page passes it in.
   * Nothing is rendered when absent.
   */
  ratings?: ReactNode;
  /** The opening's title: the role an offer starts from. */
  openingTitle?: string | undefined;
}

/**
 * The pipeline's part of the candidate side panel (the application, its revisions and files come from the responses
 * view): profile and contacts, stage with "Move to…" and its history, the offer, tags, notes, ratings. Moving the
 * candidate to an Offered stage asks for the offer first (sending it makes the move).
 */
export function CandidateDetails({ openingId, applicationId, ratings, openingTitle }: CandidateDetailsProps) {
  const candidate = useCandidate(openingId, applicationId);
  const pipeline = usePipeline(openingId);
  const offers = useOpeningOffers(openingId);
  const move = useMoveCandidates();
  const [rejecting, setRejecting] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const [offering, setOffering] = useState(false);
  if (candidate.isPending) return <Skeleton variant="rounded" height={120} />;
  if (candidate.isError) return <Alert severity="error">{errorMessage(candidate.error)}</Alert>;
  const { profile, contacts } = candidate.data;
  const offer = offers.data?.get(applicationId);
  const stage = pipeline.data?.stages.find((candidateStage) => candidateStage.id === candidate.data.stageId);
  const canMove = pipeline.data?.abilities.move === true;
  const moveTo = (toStageId: string) => {
    const target = pipeline.data?.stages.find((candidateStage) => candidateStage.id === toStageId);
    // One offer per application: a candidate who already has one (say, declined) just moves.
    if (target?.kind === 'offered' && !offer) {
      setOffering(true);
      return;
    }
    move.mutate(
      { openingId, toStageId, applicationIds: [applicationId] },
      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
    );
  };
  const links = [
    ['LinkedIn', profile.linkedin],
    ['GitHub', profile.github],
    ['Website', profile.website],
  ].filter((link): link is [string, string] => Boolean(link[1]));
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="candidate-profile">
        <Typography id="candidate-profile" variant="h3" sx={heading}>
          Profile
        </Typography>
        {profile.headline && <Typography>{profile.headline}</Typography>}
        {profile.location && (
          <Typography variant="body2" color="text.secondary">
            {profile.location}
          </Typography>
        )}
        {profile.about && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5, wordBreak: 'break-word' }}>
            {profile.about}
          </Typography>
        )}
        {links.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, mt: 0.5 }}>
            {links.map(([label, href]) => (
              <Link key={label} href={href} target="_blank" rel="noopener noreferrer" variant="body2">
                {label}
              </Link>
            ))}
          </Stack>
        )}
        {contacts ? (
          <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
            {[contacts.email, ...contacts.phoneNumbers].filter(Boolean).join(' · ') || 'No contact details'}
          </Typography>
        ) : (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            Contact details are hidden for your role.
          </Typography>
        )}
      </Box>
      {pipeline.data?.abilities.move && (
        <TextField
          select
          size="small"
          label="Move to…"
          value=""
          onChange={(event) => moveTo(event.target.value)}
          sx={{ maxWidth: 280 }}
          disabled={move.isPending}
        >
          {pipeline.data.stages.map((stage) => (
            <MenuItem key={stage.id} value={stage.id}>
              {stage.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {pipeline.data?.abilities.move && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => setMessaging(true)}>
            Message…
          </Button>
          <Button variant="outlined" color="error" onClick={() => setRejecting(true)}>
            Reject…
          </Button>
        </Stack>
      )}
      <CandidateOffer
        openingId={openingId}
        offer={offer}
        inOfferedStage={stage?.kind === 'offered'}
        canAct={canMove}
        onMake={() => setOffering(true)}
      />
      {offering && (
        <OfferDialog
          openingId={openingId}
          applicationId={applicationId}
          candidateName={profile.name}
          defaultRole={offer?.role ?? openingTitle}
          onClose={() => setOffering(false)}
        />
      )}
      <StageHistory openingId={openingId} applicationId={applicationId} />
      <CandidateMessages openingId={openingId} applicationId={applicationId} />
      <RejectDialog
        open={rejecting}
        openingId={openingId}
        applicationId={applicationId}
        onClose={() => setRejecting(false)}
      />
      <MessageDialog
        open={messaging}
        openingId={openingId}
        what="this candidate"
        target={{ applicationIds: [applicationId] }}
        onClose={() => setMessaging(false)}
      />
      <CandidateTags
        openingId={openingId}
        applicationId={applicationId}
        tags={candidate.data.tags}
        canTag={candidate.data.abilities.tag}
      />
      {ratings}
      <CandidateNotes openingId={openingId} applicationId={applicationId} canAdd={candidate.data.abilities.note} />
    </Stack>
  );
}
