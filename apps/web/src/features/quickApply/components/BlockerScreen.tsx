import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApplyBlocker, PublicOpening } from '@placely/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../../app/paths';
import { describeEligibility, fixForRule, formatDeadline } from '../describe';

export interface BlockerScreenProps {
  blocker: Exclude<ApplyBlocker, 'notFound' | 'draft'>;
  opening: PublicOpening;
  onCheckAgain?: () => void;
  checking?: boolean;
}

function NotEligible({ opening, onCheckAgain, checking }: Omit<BlockerScreenProps, 'blocker'>) {
  const rules = describeEligibility(opening.eligibility);
  const failed = new Set(opening.viewer?.failedRules ?? []);
  const failing = rules.filter((rule) => failed.has(rule.rule));
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>You can’t apply to this opening yet</AlertTitle>
      <Typography sx={{ mb: 1 }}>
        {failing.length === 1 ? 'One requirement is' : 'Some requirements are'} not met by the details in your profile:
      </Typography>
      <Box component="ul" sx={{ m: 0, mb: 1.5, pl: 3 }}>
        {(failing.length > 0 ? failing : rules).map((rule) => (
          <li key={rule.rule}>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {rule.text}.
            </Typography>{' '}
            <Typography component="span">{fixForRule(rule.rule)}</Typography>
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component={RouterLink} to={PATHS.student.education} variant="outlined" size="small">
          Update your education
        </Button>
        {onCheckAgain && (
          <Button size="small" onClick={onCheckAgain} loading={checking ?? false}>
            Check again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

const MESSAGES: Record<Exclude<BlockerScreenProps['blocker'], 'notEligible'>, (o: PublicOpening) => ReactNode> = {
  closed: () => (
    <>
      <AlertTitle>Applications are closed</AlertTitle>
      The organization has stopped taking applications for this opening.
    </>
  ),
  deadlinePassed: (opening) => (
    <>
      <AlertTitle>The deadline has passed</AlertTitle>
      Applications closed on {formatDeadline(opening.deadline)}.
    </>
  ),
  capReached: () => (
    <>
      <AlertTitle>This opening is full</AlertTitle>
      It has received all the applications it can take, so it no longer accepts new ones.
    </>
  ),
  alreadyApplied: () => (
    <>
      <AlertTitle>You already applied</AlertTitle>
      <Link component={RouterLink} to={PATHS.forms}>
        See your applications
      </Link>
    </>
  ),
  notIndividual: () => (
    <>
      <AlertTitle>Only individual accounts can apply</AlertTitle>
      You are signed in with an organization account. To apply, sign out and sign in with your personal Google account.
    </>
  ),
};

/** A clear screen for each reason a person cannot apply (the opening's details stay below it). */
export function BlockerScreen({ blocker, opening, onCheckAgain, checking }: BlockerScreenProps) {
  if (blocker === 'notEligible') {
    return <NotEligible opening={opening} onCheckAgain={onCheckAgain} checking={checking} />;
  }
  return (
    <Alert severity={blocker === 'alreadyApplied' ? 'info' : 'warning'} role="alert">
      {MESSAGES[blocker](opening)}
      <Box sx={{ mt: 1 }}>
        <Link component={RouterLink} to={PATHS.home}>
          Find other openings
        </Link>
      </Box>
    </Alert>
  );
}

/** An opening link that leads nowhere: wrong, deleted, or not published. */
export function OpeningNotFound() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Opening not found
      </Typography>
      <Typography>
        This form link does not lead to an opening. The link may be mistyped, or the organization has removed the
        opening.
      </Typography>
      <Link component={RouterLink} to={PATHS.home}>
        Find other openings
      </Link>
    </Stack>
  );
}
