import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUND_KIND_LABELS, ROUND_MODE_LABELS, type Round } from '@placely/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRounds } from '../api/getRounds';
import { PanelDialog } from './PanelDialog';
import { PanelLinks } from './PanelLinks';
import { RoundSettingsDialog } from './RoundSettingsDialog';
import { SlotGeneratorDialog } from './SlotGeneratorDialog';

type Open = { kind: 'settings'; stage: { id: string; name: string } } | { kind: 'panel' | 'slots'; round: Round };

function RoundSummary({ round, dayTo, onOpen }: { round: Round; dayTo: string; onOpen: (open: Open) => void }) {
  const manage = round.abilities.manage;
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        {ROUND_KIND_LABELS[round.kind]} · {ROUND_MODE_LABELS[round.mode]}
        {round.venue ? ` (${round.venue})` : ''} · {round.durationMinutes} min ·{' '}
        {round.assignment === 'self' ? 'candidates book' : 'allotted'} · {round.slots} slot
        {round.slots === 1 ? '' : 's'} · {round.criteria.length} scorecard criteri
        {round.criteria.length === 1 ? 'on' : 'a'}
      </Typography>
      {round.panels.length > 0 ? (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }} aria-label={`Panels of ${round.stageName}`}>
          {round.panels.map((panel) => (
            <li key={panel.id}>
              <Typography variant="body2">
                {panel.name}: {panel.panelists.map((p) => (p.outside ? `${p.name} (outside)` : p.name)).join(', ')}
              </Typography>
            </li>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No panels yet.
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {manage && (
          <Button
            size="small"
            onClick={() => onOpen({ kind: 'settings', stage: { id: round.id, name: round.stageName } })}
          >
            Round settings
          </Button>
        )}
        {manage && (
          <Button size="small" onClick={() => onOpen({ kind: 'panel', round })}>
            Add a panel
          </Button>
        )}
        {manage && round.panels.length > 0 && (
          <Button size="small" onClick={() => onOpen({ kind: 'slots', round })}>
            Generate slots
          </Button>
        )}
        <Button size="small" variant="outlined" component={RouterLink} to={dayTo}>
          Day view
        </Button>
      </Stack>
      {manage && <PanelLinks round={round} />}
    </Stack>
  );
}

/**
 * The opening's rounds under its responses: each custom stage can be made a round (settings and scorecard), given
 * panels and a day of slots, and opened in its day view. `dayTo` builds the day view's address (the page knows paths).
 */
export function RoundsPanel(props: {
  openingId: string;
  stages: { id: string; name: string }[];
  dayTo: (roundId: string) => string;
  /** May the caller make a stage a round (owners and coordinators)? */
  canCreate: boolean;
}) {
  const rounds = useRounds(props.openingId);
  const [open, setOpen] = useState<Open | null>(null);
  if (rounds.isPending) return null;
  if (rounds.isError) return <Alert severity="error">Could not load the rounds.</Alert>;
  const byStage = new Map(rounds.data.items.map((round) => [round.id, round]));
  if (props.stages.length === 0) return null;
  const settingsRound = open?.kind === 'settings' ? (byStage.get(open.stage.id) ?? null) : null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="rounds-heading" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="rounds-heading" variant="h6" component="h2" gutterBottom>
          Interviews and rounds
        </Typography>
        <Stack spacing={2}>
          {props.stages.map((stage) => {
            const round = byStage.get(stage.id);
            return (
              <Stack key={stage.id} spacing={1} component="section" aria-label={`Stage ${stage.name}`}>
                <Typography variant="subtitle1" component="h3">
                  {stage.name}
                </Typography>
                {round ? (
                  <RoundSummary round={round} dayTo={props.dayTo(round.id)} onOpen={setOpen} />
                ) : !props.canCreate ? (
                  <Typography variant="body2" color="text.secondary">
                    Not a round.
                  </Typography>
                ) : (
                  <div>
                    <Button size="small" variant="outlined" onClick={() => setOpen({ kind: 'settings', stage })}>
                      Make {stage.name} a round
                    </Button>
                  </div>
                )}
              </Stack>
            );
          })}
        </Stack>
      </CardContent>
      {open?.kind === 'settings' && (
        <RoundSettingsDialog
          openingId={props.openingId}
          stage={open.stage}
          round={settingsRound}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'panel' && <PanelDialog round={open.round} onClose={() => setOpen(null)} />}
      {open?.kind === 'slots' && (
        <SlotGeneratorDialog round={byStage.get(open.round.id) ?? open.round} onClose={() => setOpen(null)} />
      )}
    </Card>
  );
}
