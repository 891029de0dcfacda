import { TextField } from '@mui/material';
import { useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { useRound } from '../../features/rounds/api/getRound';
import { RoundDayView } from '../../features/rounds/components/RoundDayView';
import { usePipeline } from '../../features/shortlisting/api/getPipeline';
import { Page } from '../../lib/components/Page';
import { viewerTimeZone } from '../../lib/dates';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

const TITLE = 'Round day';

/** The day view with the opening's other stages to move candidates on to (the page joins rounds and pipeline). */
function Day({ roundId, date, timeZone }: { roundId: string; date: string; timeZone: string }) {
  const round = useRound(roundId);
  const pipeline = usePipeline(round.data?.openingId ?? '');
  const moveTo =
    pipeline.data?.stages
      .filter((stage) => stage.id !== roundId && stage.kind !== 'rejected')
      .map((stage) => ({ id: stage.id, name: stage.name })) ?? [];
  return <RoundDayView roundId={roundId} date={date} timeZone={timeZone} moveTo={moveTo} />;
}

/** /organization/rounds/day?round=&date=: the day view of a round, in the viewer's time zone. */
export default function RoundDayPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const [params, setParams] = useSearchParams();
  const roundId = params.get('round') ?? '';
  const date = params.get('date') ?? new Date().toISOString().slice(0, 10);
  const timeZone = viewerTimeZone();
  if (!accessToken) {
    return (
      <Page title={TITLE}>
        <SignInPrompt title="Sign in to see the day" next={PATHS.organization.roundDay} />
      </Page>
    );
  }
  return (
    <Page title={TITLE} maxWidth={1280}>
      <TextField
        type="date"
        label="Day"
        value={date}
        onChange={(event) => setParams({ round: roundId, date: event.target.value })}
        sx={{ mb: 2, '@media print': { display: 'none' } }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {roundId && <Day roundId={roundId} date={date} timeZone={timeZone} />}
    </Page>
  );
}
