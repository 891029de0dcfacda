import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APPLY_BLOCKER_MESSAGES, type ApplyBlocker, type EligibilityRule, type PublicOpening } from '@placely/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PATHS, toJoinGroupLink } from '../../../app/paths';
import { describeEligibility, fixForRule, formatDeadline } from '../describe';

export interface BlockerScreenProps {
  blocker: Exclude<ApplyBlocker, 'notFound' | 'draft'>;
  opening: PublicOpening;
  onCheckAgain?: () => void;
  checking?: boolean;
}

/** Rules the person meets by changing their education (the others need a group or a verifier). */
const EDUCATION_RULES = new Set<EligibilityRule>([
  'minGrade',
  'allowedDegrees',
  'allowedBranches',
  'graduationYears',
  'maxBacklogs',
  'verifiedEducation',
]);

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
            {rule.rule === 'groupMembership' && opening.eligibilityGroups.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label="Groups you can join">
                {opening.eligibilityGroups.map((group) => (
                  <li key={group.id}>
                    <Link component={RouterLink} to={toJoinGroupLink(group.id)}>
                      Join {group.name}
                    </Link>
                  </li>
                ))}
              </Box>
            )}
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {(failing.length > 0 ? failing : rules).some((rule) => EDUCATION_RULES.has(rule.rule)) && (
          <Button component={RouterLink} to={PATHS.student.education} variant="outlined" size="small">
            Update your education
          </Button>
        )}
        {onCheckAgain && (
          <Button size="small" onClick={onCheckAgain} loading={checking ?? false}>
            Check again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

const TITLES: Record<Exclude<BlockerScreenProps['blocker'], 'notEligible'>, string> = {
  closed: 'Applications are closed',
  deadlinePassed: 'The deadline has passed',
  capReached: 'This opening is full',
  alreadyApplied: 'You already applied',
  notIndividual: 'Only individual accounts can apply',
  notInCycle: 'For the students of a placement cycle',
  cycleDebarred: 'You are debarred from this placement cycle',
  cycleOptedOut: 'You opted out of this placement cycle',
};

function explanation(
  blocker: Exclude<BlockerScreenProps['blocker'], 'notEligible'>,
  opening: PublicOpening,
): ReactNode {
  switch (blocker) {
    case 'deadlinePassed':
      return `${APPLY_BLOCKER_MESSAGES.deadlinePassed} Applications closed on ${formatDeadline(opening.deadline)}.`;
    case 'alreadyApplied':
      return (
        <>
          {APPLY_BLOCKER_MESSAGES.alreadyApplied}{' '}
          <Link component={RouterLink} to={PATHS.forms}>
            See your applications
          </Link>
        </>
      );
    case 'notIndividual':
      return `${APPLY_BLOCKER_MESSAGES.notIndividual} You are signed in with an organization account: sign out and sign in with your personal Google account to apply.`;
    default:
      return APPLY_BLOCKER_MESSAGES[blocker];
  }
}

/** A clear screen for each reason a person cannot apply (the opening's details stay below it). */
export function BlockerScreen({ blocker, opening, onCheckAgain, checking }: BlockerScreenProps) {
  if (blocker === 'notEligible') {
    return <NotEligible opening={opening} onCheckAgain={onCheckAgain} checking={checking} />;
  }
  return (
    <Alert severity={blocker === 'alreadyApplied' ? 'info' : 'warning'} role="alert">
      <AlertTitle>{TITLES[blocker]}</AlertTitle>
      {explanation(blocker, opening)}
      <Box sx={{ mt: 1 }}>
        <Link component={RouterLink} to={PATHS.home}>
          Find other openings
        </Link>
      </Box>
    </Alert>
  );
}

/**
 * An opening link that leads nowhere: wrong, deleted, or not published. A visitor may be the organization whose
 * unpublished opening it is, so signing in is offered (the organization then sees its draft).
 */
export function OpeningNotFound({ signIn }: { signIn?: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', alignItems: 'flex-start' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Opening not found
      </Typography>
      <Typography>{APPLY_BLOCKER_MESSAGES.notFound}</Typography>
      {signIn && (
        <>
          <Typography color="text.secondary">
            Is this your organization’s unpublished opening? Sign in to see it.
          </Typography>
          {signIn}
        </>
      )}
      <Link component={RouterLink} to={PATHS.home}>
        Find other openings
      </Link>
    </Stack>
  );
}
