import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  SHORTLIST_LIMITS,
  type ShareEmailConfirmed,
  type ShortlistCandidate,
  VERDICT_LABELS,
  VERDICTS,
  type VerdictValue,
} from '@placely/contract';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useSharedShortlist } from '../api/getSharedShortlist';
import { useLeaveVerdict } from '../api/leaveVerdict';
import { openSharedFile } from '../api/openSharedFile';
import { CandidateDetails, VerdictList } from './CandidateDetails';

/** Only links that ask reviewers to confirm an address load the confirmation (most links do not). */
const ReviewerEmailConfirm = lazy(() =>
  import('./ReviewerEmailConfirm').then((module) => ({ default: module.ReviewerEmailConfirm })),
);

const NAME_KEY = 'placely.shortlistVisitorName';
/** The reviewer token of a confirmed address, per link, for this tab only (sessionStorage). */
const REVIEWER_KEY = 'placely.shortlistReviewer';

/** Printing shows every candidate expanded and leaves out the buttons and the verdict forms. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.MuiCollapse-root': { height: 'auto !important', visibility: 'visible !important' },
        '.MuiAccordion-root': { breakInside: 'avoid' },
        '[data-print="hide"]': { display: 'none !important' },
      },
    }}
  />
);

function VerdictForm({
  token,
  candidate,
  visitorName,
  reviewerToken,
  needsEmail,
}: {
  token: string;
  candidate: ShortlistCandidate;
  visitorName: string;
  reviewerToken: string | null;
  needsEmail: boolean;
}) {
  const leave = useLeaveVerdict(token);
  const mine = candidate.verdicts.find((v) => v.visitorName.toLowerCase() === visitorName.trim().toLowerCase());
  const [verdict, setVerdict] = useState<VerdictValue | null>(mine?.verdict ?? null);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const label = candidate.name ?? `candidate ${candidate.position + 1}`;
  return (
    <Box
      component="form"
      data-print="hide"
      onSubmit={(event) => {
        event.preventDefault();
        if (!verdict) return;
        leave.mutate(
          {
            applicationId: candidate.applicationId,
            visitorName: visitorName.trim(),
            verdict,
            comment: comment.trim(),
            ...(reviewerToken ? { reviewerToken } : {}),
          },
          { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
        );
      }}
    >
      <Stack spacing={1}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={verdict}
          onChange={(_event, value: VerdictValue | null) => value && setVerdict(value)}
          aria-label={`Your verdict on ${label}`}
        >
          {VERDICTS.map((value) => (
            <ToggleButton key={value} value={value}>
              {VERDICT_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={`Comment on ${label} (optional)`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          slotProps={{ htmlInput: { maxLength: SHORTLIST_LIMITS.commentLength } }}
        />
        <div>
          <Button
            type="submit"
            variant="contained"
            size="small"
            disabled={!verdict || !visitorName.trim() || (needsEmail && !reviewerToken) || leave.isPending}
          >
            Save verdict
          </Button>
        </div>
        {!visitorName.trim() && (
          <Typography variant="caption" color="text.secondary">
            Type your name above to leave a verdict.
          </Typography>
        )}
        {needsEmail && !reviewerToken && (
          <Typography variant="caption" color="text.secondary">
            Confirm your email address above to leave a verdict.
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/**
 * A shortlist shared by link (public, /shortlisting?link=): candidates in order, each expandable, printable; a visitor
 * leaves a verdict per candidate under a name they type. An expired or revoked link shows the server's words only.
 */
export function SharedShortlistView({ token }: { token: string }) {
  const shared = useSharedShortlist(token);
  const [visitorName, setVisitorName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const reviewerKey = `${REVIEWER_KEY}.${token.slice(0, 12)}`;
  const [reviewer, setReviewer] = useState<ShareEmailConfirmed | null>(() => {
    const kept = sessionStorage.getItem(reviewerKey);
    return kept ? (JSON.parse(kept) as ShareEmailConfirmed) : null;
  });

  if (shared.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading shortlist" />
      </Stack>
    );
  }
  if (shared.isError || !shared.data) {
    const error = shared.error;
    const gone = error instanceof ApiError && (error.status === 410 || error.status === 404);
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', p: 3 }}>
        <Typography variant="h5" component="h1">
          {error instanceof ApiError && error.status === 410 ? 'This link no longer works' : 'Shortlist not available'}
        </Typography>
        <Alert severity="info">
          {gone ? error.message : 'The shortlist could not be loaded. Check your connection and reload the page.'}
        </Alert>
      </Stack>
    );
  }
  const data = shared.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      {printStyles}
      <div>
        <Typography variant="overline">{data.organizationName}</Typography>
        <Typography variant="h5" component="h1">
          {data.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {data.openingTitle} · {data.candidates.length} {data.candidates.length === 1 ? 'candidate' : 'candidates'} ·
          link valid until {formatDate(data.expiresAt)}
        </Typography>
      </div>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        data-print="hide"
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          size="small"
          label="Your name"
          value={visitorName}
          onChange={(event) => {
            setVisitorName(event.target.value);
            localStorage.setItem(NAME_KEY, event.target.value);
          }}
          helperText="Shown to the organization beside your verdicts"
          slotProps={{ htmlInput: { maxLength: SHORTLIST_LIMITS.visitorNameLength } }}
        />
        <Button variant="outlined" onClick={() => window.print()}>
          Print
        </Button>
      </Stack>
      {data.requireEmail && (
        <Suspense fallback={<CircularProgress size={24} aria-label="Loading the email confirmation" />}>
          <ReviewerEmailConfirm
            token={token}
            confirmed={reviewer}
            onConfirmed={(confirmed) => {
              sessionStorage.setItem(reviewerKey, JSON.stringify(confirmed));
              setReviewer(confirmed);
            }}
          />
        </Suspense>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.candidates.map((candidate, index) => {
          const name = candidate.name ?? `Candidate ${index + 1}`;
          return (
            <Box component="li" key={candidate.applicationId} sx={{ mb: 1 }}>
              <Accordion disableGutters>
                <AccordionSummary
                  expandIcon={<ExpandMoreIcon />}
                  aria-controls={`candidate-${candidate.applicationId}`}
                  id={`candidate-${candidate.applicationId}-summary`}
                >
                  <Stack>
                    <Typography sx={{ fontWeight: 600 }}>
                      {index + 1}. {name}
                    </Typography>
                    {candidate.stageName && (
                      <Typography variant="body2" color="text.secondary">
                        {candidate.stageName}
                      </Typography>
                    )}
                  </Stack>
                </AccordionSummary>
                <AccordionDetails id={`candidate-${candidate.applicationId}`}>
                  <Stack spacing={2}>
                    <CandidateDetails
                      candidate={candidate}
                      onOpenFile={(fileId) =>
                        openSharedFile(token, candidate.applicationId, fileId).catch((error) => showError(error))
                      }
                    />
                    <VerdictList verdicts={candidate.verdicts} />
                    <VerdictForm
                      token={token}
                      candidate={candidate}
                      visitorName={visitorName}
                      reviewerToken={reviewer?.reviewerToken ?? null}
                      needsEmail={data.requireEmail}
                    />
                  </Stack>
                </AccordionDetails>
              </Accordion>
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
