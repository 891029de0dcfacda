import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ShortlistCandidate, VERDICT_LABELS, type Verdict } from '@placely/contract';

/** Where the blindness rule withholds a judgement (a visitor gives none; a member until they give theirs). */
const HIDDEN_SCORE_TEXT = 'hidden (includes team ratings)';

const VERDICT_COLORS = { yes: 'success', maybe: 'warning', no: 'error' } as const;

/** The verdicts left on one candidate: who, what, their comment. */
export function VerdictList({ verdicts, showLink = false }: { verdicts: Verdict[]; showLink?: boolean }) {
  if (verdicts.length === 0) return null;
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Verdicts">
      {verdicts.map((verdict) => (
        <Stack component="li" key={verdict.id} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Chip size="small" color={VERDICT_COLORS[verdict.verdict]} label={VERDICT_LABELS[verdict.verdict]} />
          <Typography variant="body2">
            <strong>{verdict.visitorName}</strong>
            {verdict.visitorEmail ? ` <${verdict.visitorEmail}>` : ''}
            {showLink && verdict.linkLabel ? ` (${verdict.linkLabel})` : ''}
            {verdict.comment ? `: ${verdict.comment}` : ''}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The score and its breakdown from the opening's stored ranking, as the server lets this viewer see it: a term or a
 * score withheld by the blindness rule (a judgement the viewer has not given) says so instead of a number.
 */
function ScoreSummary({ candidate }: { candidate: ShortlistCandidate }) {
  const ranking = candidate.ranking;
  if (!ranking) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        Score: {candidate.score ?? HIDDEN_SCORE_TEXT}
        {ranking.rank !== null ? ` · rank ${ranking.rank}` : ''}
      </Typography>
      {ranking.knockouts.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Excluded: {ranking.knockouts.join('; ')}
        </Typography>
      )}
      {ranking.explanation.length > 0 && (
        <Stack component="ul" sx={{ m: 0, pl: 2 }} aria-label="Score breakdown">
          {ranking.explanation.map((term) => (
            <Typography component="li" variant="body2" key={term.index}>
              {term.label}:{' '}
              {term.contribution === null ? HIDDEN_SCORE_TEXT : `${term.raw ?? 'none'} (+${term.contribution})`} ·
              weight {term.weight}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** What a shortlist shows of one candidate: only the parts present (the field set decides on the server). */
export function CandidateDetails({
  candidate,
  onOpenFile,
}: {
  candidate: ShortlistCandidate;
  onOpenFile?: (fileId: string) => void;
}) {
  return (
    <Stack spacing={1.5}>
      {candidate.email && <Typography variant="body2">Email: {candidate.email}</Typography>}
      <ScoreSummary candidate={candidate} />
      {candidate.answers && candidate.answers.length > 0 && (
        <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
          {candidate.answers.map((answer) => (
            <div key={answer.question}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {answer.question}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                {answer.answer}
              </Typography>
            </div>
          ))}
        </Stack>
      )}
      {candidate.files && candidate.files.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {candidate.files.map((file) =>
            onOpenFile ? (
              <Button key={file.id} size="small" variant="outlined" onClick={() => onOpenFile(file.id)}>
                Open {file.name}
              </Button>
            ) : (
              <Typography key={file.id} variant="body2">
                {file.name}
              </Typography>
            ),
          )}
        </Stack>
      )}
      {candidate.portfolios && candidate.portfolios.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {candidate.portfolios.map((portfolio) => (
            <Link key={portfolio.path} href={portfolio.path} target="_blank" rel="noopener">
              Portfolio: {portfolio.title}
            </Link>
          ))}
        </Stack>
      )}
      {candidate.verifiedRecords && candidate.verifiedRecords.length > 0 && (
        <Stack component="ul" sx={{ m: 0, pl: 2 }} aria-label="Verified records">
          {candidate.verifiedRecords.map((record) => (
            <Typography component="li" variant="body2" key={`${record.recordId}-${record.groupId}`}>
              {record.title} — verified by {record.groupName}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
