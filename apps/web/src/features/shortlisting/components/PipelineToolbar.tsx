import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Pipeline } from '@placely/contract';
import { type ReactNode, useState } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useOpeningOffers } from '../api/getOpeningOffers';
import { useMoveCandidates } from '../api/moveCandidates';
import { useUndoMove } from '../api/undoMove';
import { type FilterValues, filterBody } from '../filters';
import { BulkTagMenu } from './BulkTagMenu';
import { MessageDialog } from './MessageDialog';
import { MessageTemplatesDialog } from './MessageTemplatesDialog';
import { MoveDialog } from './MoveDialog';
import { OfferDialog } from './OfferDialog';
import { StagesEditor } from './StagesEditor';

export interface PipelineToolbarProps {
  pipeline: Pipeline;
  /** The stage filter of the responses table (null: every stage). */
  stageId: string | null;
  onStageChange: (stageId: string | null) => void;
  selected: ReadonlySet<string>;
  /** Every application matching the filter is selected, not only the rows loaded. */
  allMatching: boolean;
  onSelectAllMatching: () => void;
  onClearSelection: () => void;
  /** The whole filter of the view ("select all matching" moves exactly these) and how many match it. */
  filter: FilterValues;
  matchingTotal: number;
  /** Shown under the stage row (the page passes the filter bar and the table/board switch). */
  children?: ReactNode;
  /** The opening's title: the role an offer starts from. */
  openingTitle?: string | undefined;
}

/**
 * Above the responses table: the stage filter with counts, the selection ("select all N matching"), "Move to…",
 * the undo snackbar after a move, and the stages editor. What the caller may do comes from `pipeline.abilities`.
 *
 * Moving to an Offered stage: one candidate without an offer goes through the offer dialog (the offer makes the
 * move). Several are moved at once and never blocked — an offer names one person's role, CTC and letter, so it cannot
 * be made in bulk; each moved candidate then shows "Offer details missing" with "Make the offer…" on the board and in
 * the panel.
 */
export function PipelineToolbar({
  pipeline,
  stageId,
  onStageChange,
  selected,
  allMatching,
  onSelectAllMatching,
  onClearSelection,
  filter,
  matchingTotal,
  children,
  openingTitle,
}: PipelineToolbarProps) {
  const [moving, setMoving] = useState(false);
  const [editing, setEditing] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [lastMove, setLastMove] = useState<{ id: string; message: string } | null>(null);
  const move = useMoveCandidates();
  const undo = useUndoMove();
  const offers = useOpeningOffers(pipeline.openingId);
  const [offeringTo, setOfferingTo] = useState<string | null>(null);
  // The one candidate chosen, when a move of theirs to Offered should ask for the offer.
  const [only] = !allMatching && selected.size === 1 ? [...selected] : [];
  const offerStep = only !== undefined && !offers.data?.has(only);
  const filterStage = pipeline.stages.find((stage) => stage.id === stageId) ?? null;
  const matching = matchingTotal;
  const chosen = allMatching ? matching : selected.size;
  const what = allMatching
    ? `all ${matching} ${matching === 1 ? 'candidate' : 'candidates'}${filterStage ? ` in ${filterStage.name}` : ''}`
    : `${selected.size} ${selected.size === 1 ? 'candidate' : 'candidates'}`;

  const doMove = (toStageId: string, reason: string) => {
    const toOffered = pipeline.stages.find((stage) => stage.id === toStageId)?.kind === 'offered';
    if (toOffered && offerStep && only) {
      setMoving(false);
      setOfferingTo(only);
      return;
    }
    move.mutate(
      {
        openingId: pipeline.openingId,
        toStageId,
        ...(reason ? { reason } : {}),
        ...(allMatching ? { filter: filterBody(filter) } : { applicationIds: [...selected] }),
      },
      {
        onSuccess: (result) => {
          setMoving(false);
          onClearSelection();
          const message =
            toOffered && result.moved > 0
              ? `${result.message}: make each one's offer from their panel`
              : result.message;
          if (result.bulkMoveId) setLastMove({ id: result.bulkMoveId, message });
          else showSuccess(message);
        },
        onError: (error: unknown) => showError(error),
      },
    );
  };
  const doUndo = () => {
    if (!lastMove) return;
    undo.mutate(
      { openingId: pipeline.openingId, bulkMoveId: lastMove.id },
      {
        onSuccess: (result) => {
          setLastMove(null);
          showSuccess(result.message);
        },
        onError: (error) => {
          setLastMove(null);
          showError(error);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-label="Pipeline">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <TextField
          select
          size="small"
          label="Stage"
          value={stageId ?? ''}
          onChange={(event) => onStageChange(event.target.value || null)}
          sx={{ minWidth: { xs: '100%', sm: 240 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All stages ({pipeline.stages.reduce((sum, stage) => sum + stage.count, 0)})</MenuItem>
          {pipeline.stages.map((stage) => (
            <MenuItem key={stage.id} value={stage.id}>
              {stage.name} ({stage.count})
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          {pipeline.abilities.move && (
            <Button variant="contained" disabled={chosen === 0} onClick={() => setMoving(true)}>
              Move to…
            </Button>
          )}
          {pipeline.abilities.move && (
            <BulkTagMenu
              openingId={pipeline.openingId}
              target={allMatching ? { filter: filterBody(filter) } : { applicationIds: [...selected] }}
              disabled={chosen === 0}
              onDone={onClearSelection}
            />
          )}
          {pipeline.abilities.move && (
            <Button variant="outlined" disabled={chosen === 0} onClick={() => setMessaging(true)}>
              Message…
            </Button>
          )}
          <Button variant="outlined" onClick={() => setTemplatesOpen(true)}>
            Templates
          </Button>
          {pipeline.abilities.manageStages && (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Stages
            </Button>
          )}
        </Stack>
      </Stack>
      {children && <Box sx={{ mt: 1.5 }}>{children}</Box>}
      {pipeline.abilities.move && (selected.size > 0 || allMatching) && (
        <Alert severity="info" sx={{ mt: 1.5 }} role="status">
          <Typography variant="body2" component="span">
            {allMatching ? `All ${matching} matching candidates are selected.` : `${selected.size} selected.`}{' '}
          </Typography>
          {!allMatching && matching > selected.size && (
            <Link component="button" type="button" onClick={onSelectAllMatching} sx={{ verticalAlign: 'baseline' }}>
              Select all {matching} matching
            </Link>
          )}{' '}
          <Link component="button" type="button" onClick={onClearSelection} sx={{ verticalAlign: 'baseline' }}>
            Clear selection
          </Link>
        </Alert>
      )}
      <MoveDialog
        open={moving}
        what={what}
        stages={pipeline.stages}
        pending={move.isPending}
        offerStep={offerStep}
        onMove={doMove}
        onClose={() => setMoving(false)}
      />
      {offeringTo && (
        <OfferDialog
          openingId={pipeline.openingId}
          applicationId={offeringTo}
          defaultRole={openingTitle}
          onMade={onClearSelection}
          onClose={() => setOfferingTo(null)}
        />
      )}
      {editing && <StagesEditor pipeline={pipeline} onClose={() => setEditing(false)} />}
      <MessageDialog
        open={messaging}
        openingId={pipeline.openingId}
        what={what}
        target={allMatching ? { filter: filterBody(filter) } : { applicationIds: [...selected] }}
        onClose={() => setMessaging(false)}
        onSent={onClearSelection}
      />
      {templatesOpen && <MessageTemplatesDialog onClose={() => setTemplatesOpen(false)} />}
      <Snackbar
        open={lastMove !== null}
        autoHideDuration={10_000}
        onClose={(_event, why) => why !== 'clickaway' && setLastMove(null)}
        message={lastMove?.message}
        action={
          <Button color="secondary" size="small" onClick={doUndo} loading={undo.isPending}>
            Undo
          </Button>
        }
      />
    </Paper>
  );
}
