import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type FormSummary, percentOf, type QuestionSummary, summarySentence } from '@placely/contract';
import { type ReactNode, useId } from 'react';
import { type Knockouts, useFormSummary } from '../api/getFormSummary';
import type { ApplicationsFilter } from '../api/listApplications';

const KNOCKOUT_LABELS: Record<Knockouts, string> = {
  all: 'Everyone',
  passing: 'Passing the knock-outs',
  knockedOut: 'Knocked out',
};

interface Bar {
  /** Unique within its chart (an option id, a bin's label, a day). */
  key: string;
  label: string;
  count: number;
}

const round = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Horizontal bars as plain SVG (no chart library): one row per bar, its count at the end. Hidden from assistive
 * technology — the table next to it and the sentence above say the same.
 */
function BarChart({ bars, whole }: { bars: Bar[]; whole: number }) {
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const row = 26;
  return (
    <Box
      component="svg"
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 320 ${Math.max(row, bars.length * row)}`}
      sx={{ width: '100%', maxWidth: 480, display: 'block' }}
    >
      {bars.map((bar, i) => (
        <g key={bar.key} transform={`translate(0 ${i * row})`}>
          <text x="0" y="15" fontSize="11" fill="currentColor">
            {bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label}
          </text>
          <rect x="130" y="4" height="16" width={(bar.count / max) * 140} rx="2" className="summary-bar" />
          <text x={134 + (bar.count / max) * 140} y="16" fontSize="11" fill="currentColor">
            {bar.count}
            {whole > 0 ? ` (${percentOf(bar.count, whole)} %)` : ''}
          </text>
        </g>
      ))}
    </Box>
  );
}

/** Vertical bars (a histogram or the submissions per day), labelled under the first and last bar. */
function ColumnChart({ bars }: { bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const width = Math.max(8, Math.min(40, 300 / Math.max(1, bars.length)));
  const height = 100;
  return (
    <Box
      component="svg"
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${bars.length * width} ${height + 16}`}
      preserveAspectRatio="none"
      sx={{ width: '100%', maxWidth: 480, height: 120, display: 'block' }}
    >
      {bars.map((bar, i) => {
        const h = (bar.count / max) * height;
        return (
          <rect key={bar.key} x={i * width + 1} y={height - h} width={width - 2} height={h} className="summary-bar" />
        );
      })}
    </Box>
  );
}

function FiguresTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: Bar[] }) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Table size="small" sx={{ maxWidth: 480 }}>
      <caption style={{ captionSide: 'top', padding: 0, textAlign: 'left' }}>
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      </caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {head[0]}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {head[1]}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            <TableCell align="right">
              {row.count}
              {total > 0 ? ` (${percentOf(row.count, total)} %)` : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function binLabel(bin: { from: number; to: number }) {
  return bin.from === bin.to ? round(bin.from) : `${round(bin.from)} – ${round(bin.to)}`;
}

function QuestionFigures({ question, total }: { question: QuestionSummary; total: number }) {
  const id = useId();
  const sentence = summarySentence(question, total);
  let chart: ReactNode = null;
  if (question.bars) {
    chart = (
      <>
        <BarChart bars={question.bars} whole={question.answered} />
        <FiguresTable caption={`${question.label}: answers`} head={['Answer', 'Count']} rows={question.bars} />
      </>
    );
  } else if (question.histogram && question.histogram.length > 0) {
    const bins = question.histogram.map((bin, i) => ({ key: String(i), label: binLabel(bin), count: bin.count }));
    chart = (
      <>
        <ColumnChart bars={bins} />
        <FiguresTable caption={`${question.label}: distribution`} head={['Value', 'Count']} rows={bins} />
      </>
    );
  } else if (question.topAnswers && question.topAnswers.length > 0) {
    chart = (
      <FiguresTable
        caption={`${question.label}: most frequent answers`}
        head={['Answer', 'Count']}
        rows={question.topAnswers.map((answer) => ({ key: answer.text, label: answer.text, count: answer.count }))}
      />
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: 2, breakInside: 'avoid', pageBreakInside: 'avoid' }}
      data-testid="summary-question"
    >
      <Typography id={`${id}-title`} variant="subtitle1" component="h3">
        {question.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {sentence}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        {chart}
      </Stack>
    </Paper>
  );
}

function Timeline({ days }: { days: FormSummary['days'] }) {
  if (days.length === 0) return null;
  const busiest = days.reduce((a, b) => (b.count > a.count ? b : a));
  const bars = days.map((day) => ({ key: day.day, label: day.day, count: day.count }));
  return (
    <Paper variant="outlined" component="section" aria-label="Submissions per day" sx={{ p: 2, breakInside: 'avoid' }}>
      <Typography variant="subtitle1" component="h3">
        Submissions per day
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`From ${days[0]?.day} to ${days[days.length - 1]?.day}; the busiest day was ${busiest.day} (${busiest.count}).`}
      </Typography>
      <ColumnChart bars={bars} />
      <Box sx={{ maxHeight: 240, overflow: 'auto', '@media print': { maxHeight: 'none' } }}>
        <FiguresTable caption="Submissions per day (UTC)" head={['Day', 'Submissions']} rows={bars} />
      </Box>
    </Paper>
  );
}

/**
 * The Summary tab of an opening's responses: per question of the current form, figures over every application
 * matching the responses' filter (and the ranking's knock-outs), computed by the server.
 */
export function ResponsesSummary(props: {
  openingId: string;
  filter: ApplicationsFilter;
  knockouts: Knockouts;
  onKnockoutsChange: (knockouts: Knockouts) => void;
}) {
  const summary = useFormSummary(props.openingId, props.filter, props.knockouts);
  return (
    <Stack
      spacing={2}
      sx={{
        '& .summary-bar': { fill: (theme) => theme.palette.primary.main },
        '@media print': { '& .summary-no-print': { display: 'none' } },
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        className="summary-no-print"
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={props.knockouts}
          onChange={(_event, value: Knockouts | null) => value && props.onKnockoutsChange(value)}
          aria-label="Knock-outs of the ranking"
        >
          {(Object.keys(KNOCKOUT_LABELS) as Knockouts[]).map((key) => (
            <ToggleButton key={key} value={key}>
              {KNOCKOUT_LABELS[key]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
      </Stack>
      {summary.isError && <Alert severity="error">Could not load the summary. Try again.</Alert>}
      {summary.isPending && <Skeleton variant="rounded" height={200} />}
      {summary.data && (
        <>
          <Typography role="status" data-testid="summary-total">
            {summary.data.total === 1 ? '1 response matches' : `${summary.data.total} responses match`}
          </Typography>
          {summary.data.formVersion === null && <Alert severity="info">This opening has no form to summarise.</Alert>}
          <Timeline days={summary.data.days} />
          {summary.data.questions.map((question) => (
            <QuestionFigures key={question.fieldId} question={question} total={summary.data.total} />
          ))}
        </>
      )}
    </Stack>
  );
}
