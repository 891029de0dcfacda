import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PolicyVerdict } from '@placely/contract';
import { useId, useState } from 'react';

/** Every rule of the cycle's policy in its own words, shown on request. */
function PolicyRules({ verdict }: { verdict: PolicyVerdict }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (verdict.rules.length === 0) return null;
  return (
    <Box>
      <Button size="small" color="inherit" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {open ? 'Hide the policy' : `Read the policy of ${verdict.cycleName}`}
      </Button>
      {open && (
        <Box component="ul" id={listId} sx={{ m: 0, mt: 1, pl: 3 }}>
          {verdict.rules.map((rule) => (
            <li key={rule.kind}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {rule.label}:
              </Typography>{' '}
              <Typography component="span">{rule.description}</Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The opening's tier and what accepting an offer here would mean, as the server worked it out from the policy. */
function AcceptingNote({ verdict }: { verdict: PolicyVerdict }) {
  if (!verdict.acceptingNote) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5, mb: 0.5 }}>
      {verdict.acceptingNote.message}
    </Typography>
  );
}

/**
 * An opening of a placement cycle: whether its policy lets the student apply, said before they fill anything in —
 * which rule refuses them and why, in the policy's own words; or that it lets them, with any exception the cell
 * granted them, the opening's tier and what accepting an offer here would mean.
 */
export function PolicyVerdictNotice({ verdict }: { verdict: PolicyVerdict }) {
  if (!verdict.allowed) {
    return (
      <Alert severity="warning" role="alert">
        <AlertTitle>The placement policy does not let you apply to this opening</AlertTitle>
        <Box component="ul" sx={{ m: 0, mb: 1, pl: 3 }} aria-label="Why not">
          {verdict.refusals.map((refusal) => (
            <li key={refusal.rule}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {refusal.label}:
              </Typography>{' '}
              <Typography component="span">{refusal.message}</Typography>
            </li>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          If you think this is wrong, ask your college’s placement cell: it can grant an exception.
        </Typography>
        <PolicyRules verdict={verdict} />
      </Alert>
    );
  }
  if (verdict.waived.length > 0) {
    return (
      // News, not a warning: a status, which screen readers read without interrupting.
      <Alert severity="info" role="status">
        <AlertTitle>The placement cell granted you an exception</AlertTitle>
        <Stack component="ul" spacing={0.5} sx={{ m: 0, mb: 1, pl: 3 }}>
          {verdict.waived.map((waived) => (
            <li key={waived.rule}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                {waived.label}
              </Typography>{' '}
              <Typography component="span">
                would not let you apply ({waived.message}); the cell set it aside: {waived.exceptionReason}
              </Typography>
            </li>
          ))}
        </Stack>
        <AcceptingNote verdict={verdict} />
        <PolicyRules verdict={verdict} />
      </Alert>
    );
  }
  if (verdict.rules.length === 0) return null;
  return (
    <Alert severity="info" variant="outlined" role="status">
      The policy of {verdict.cycleName} lets you apply to this opening.
      <AcceptingNote verdict={verdict} />
      <PolicyRules verdict={verdict} />
    </Alert>
  );
}
