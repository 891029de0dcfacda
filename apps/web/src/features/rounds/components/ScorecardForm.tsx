import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  type Recommendation,
  ROUND_LIMITS,
  type RoundCriterion,
  type Scorecard,
} from '@placely/contract';
import { useId, useState } from 'react';

export interface ScorecardValues {
  ratings: Record<string, number>;
  recommendation: Recommendation;
  notes: string;
}

const SCALE = [1, 2, 3, 4, 5] as const;

/**
 * One scorecard: each criterion on a 1–5 scale (radio buttons: arrow keys move along the scale), the overall
 * recommendation and notes. Every criterion and the recommendation are required before it can be submitted.
 */
export function ScorecardForm(props: {
  criteria: RoundCriterion[];
  initial: Scorecard | null;
  candidateName: string;
  pending: boolean;
  onSubmit: (values: ScorecardValues) => void;
}) {
  const id = useId();
  const [ratings, setRatings] = useState<Record<string, number>>(props.initial?.ratings ?? {});
  const [recommendation, setRecommendation] = useState<Recommendation | ''>(props.initial?.recommendation ?? '');
  const [notes, setNotes] = useState(props.initial?.notes ?? '');
  const [tried, setTried] = useState(false);
  const missing = props.criteria.filter((c) => !ratings[c.id]);
  const complete = missing.length === 0 && recommendation !== '';
  return (
    <Stack
      component="form"
      spacing={2}
      aria-label={`Scorecard for ${props.candidateName}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (complete && recommendation) props.onSubmit({ ratings, recommendation, notes: notes.trim() });
      }}
    >
      {props.criteria.map((criterion) => (
        <FormControl key={criterion.id} error={tried && !ratings[criterion.id]}>
          <FormLabel id={`${id}-${criterion.id}`}>{criterion.name} (1–5)</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${id}-${criterion.id}`}
            value={ratings[criterion.id] ? String(ratings[criterion.id]) : ''}
            onChange={(event) => setRatings((all) => ({ ...all, [criterion.id]: Number(event.target.value) }))}
          >
            {SCALE.map((n) => (
              <FormControlLabel key={n} value={String(n)} control={<Radio />} label={String(n)} />
            ))}
          </RadioGroup>
          {tried && !ratings[criterion.id] && <FormHelperText>Score this criterion</FormHelperText>}
        </FormControl>
      ))}
      <FormControl error={tried && recommendation === ''}>
        <FormLabel id={`${id}-recommendation`}>Overall recommendation</FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${id}-recommendation`}
          value={recommendation}
          onChange={(event) => setRecommendation(event.target.value as Recommendation)}
        >
          {RECOMMENDATIONS.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio />} label={RECOMMENDATION_LABELS[r]} />
          ))}
        </RadioGroup>
        {tried && recommendation === '' && <FormHelperText>Choose a recommendation</FormHelperText>}
      </FormControl>
      <TextField
        label="Notes"
        multiline
        minRows={3}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ROUND_LIMITS.notesLength } }}
      />
      <div>
        <Button type="submit" variant="contained" loading={props.pending}>
          {props.initial ? 'Update scorecard' : 'Submit scorecard'}
        </Button>
      </div>
    </Stack>
  );
}

/** A submitted scorecard, read-only. */
export function ScorecardSummary({ card, criteria }: { card: Scorecard; criteria: RoundCriterion[] }) {
  return (
    <Stack spacing={0.5} component="article" aria-label={`Scorecard by ${card.panelistName}`}>
      <Typography variant="subtitle2" component="h4">
        {card.panelistName}: {RECOMMENDATION_LABELS[card.recommendation]}
      </Typography>
      <Typography variant="body2">
        {criteria.map((c) => `${c.name} ${card.ratings[c.id] ?? '—'}/5`).join(' · ')}
      </Typography>
      {card.notes && <Typography variant="body2">{card.notes}</Typography>}
    </Stack>
  );
}
