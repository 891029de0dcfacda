import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Offer, Pipeline, ReceivedApplication, Stage } from '@placely/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useOpeningOffers } from '../api/getOpeningOffers';
import { useStageCandidates } from '../api/listStageCandidates';
import { useMoveCandidates } from '../api/moveCandidates';
import type { FilterValues } from '../filters';
import { OFFER_STATE_COLORS } from './CandidateOffer';
import { OfferDialog } from './OfferDialog';

const nameOf = (item: ReceivedApplication) => item.applicant.name ?? item.applicant.email ?? 'Applicant';

/** Moves one card; `name` names the candidate in the offer dialog a move to Offered opens. */
type MoveCard = (applicationId: string, from: Stage | null, to: Stage, name: string) => void;

/** What a dragged card carries to the column it is dropped on. */
interface DragData {
  applicationId: string;
  name: string;
  from: Stage;
}

function CandidateCard({
  item,
  stage,
  stages,
  canMove,
  offer,
  onOpen,
  onMove,
  onMakeOffer,
  focusRequested,
  onFocused,
}: {
  item: ReceivedApplication;
  stage: Stage;
  stages: Stage[];
  canMove: boolean;
  /** The offer made on this application, if any. */
  offer: Offer | undefined;
  onOpen: (id: string) => void;
  onMove: MoveCard;
  onMakeOffer: (applicationId: string, name: string) => void;
  /** The card was just moved here: it takes the focus once drawn (issue 40: focus was lost to the page). */
  focusRequested: boolean;
  onFocused: () => void;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const data: DragData = { applicationId: item.id, name: nameOf(item), from: stage };
  const drag = useDraggable({ id: item.id, data, disabled: !canMove });
  const card = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    if (!focusRequested || !card.current) return;
    card.current.focus();
    card.current.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    onFocused();
  }, [focusRequested, onFocused]);
  const index = stages.findIndex((candidate) => candidate.id === stage.id);
  // Arrow keys move the focused card to the neighbouring stage; Enter opens the panel.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') onOpen(item.id);
    if (!canMove) return;
    const to =
      event.key === 'ArrowRight' ? stages[index + 1] : event.key === 'ArrowLeft' ? stages[index - 1] : undefined;
    if (to) {
      event.preventDefault();
      onMove(item.id, stage, to, nameOf(item));
    }
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      ref={(element: HTMLLIElement | null) => {
        card.current = element;
        drag.setNodeRef(element);
      }}
      // dnd-kit's pointer listeners only: the arrow keys below stay the keyboard's way to move, and its attributes'
      // role and description would hide the card's own label.
      {...(canMove ? drag.listeners : {})}
      tabIndex={0}
      data-application-id={item.id}
      onKeyDown={onKeyDown}
      aria-label={`${nameOf(item)}, in ${stage.name}${canMove ? '. Arrow keys move to the next or previous stage' : ''}`}
      sx={{
        p: 1,
        listStyle: 'none',
        cursor: canMove ? (drag.isDragging ? 'grabbing' : 'grab') : 'default',
        touchAction: canMove ? 'none' : 'auto',
        position: 'relative',
        zIndex: drag.isDragging ? 2 : 'auto',
        opacity: drag.isDragging ? 0.85 : 1,
        transform: drag.transform ? `translate3d(${drag.transform.x}px, ${drag.transform.y}px, 0)` : undefined,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Link component="button" type="button" onClick={() => onOpen(item.id)} sx={{ textAlign: 'left' }} tabIndex={-1}>
        {nameOf(item)}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {formatDate(item.submittedAt)}
        {item.verifiedRecords.length > 0 && ' · verified records'}
      </Typography>
      {offer ? (
        <Chip
          size="small"
          color={OFFER_STATE_COLORS[offer.status]}
          label={`Offer: ${offer.statusLabel}`}
          sx={{ mt: 0.5, maxWidth: '100%' }}
        />
      ) : (
        stage.kind === 'offered' && (
          <Typography variant="caption" color="warning.dark" sx={{ display: 'block', fontWeight: 500 }}>
            Offer details missing
          </Typography>
        )
      )}
      {canMove && !offer && stage.kind === 'offered' && (
        <Button
          size="small"
          onClick={() => onMakeOffer(item.id, nameOf(item))}
          aria-label={`Make the offer to ${nameOf(item)}`}
        >
          Make the offer…
        </Button>
      )}
      {canMove && (
        <>
          <Button size="small" onClick={(event) => setMenu(event.currentTarget)} aria-haspopup="menu">
            Move to…
          </Button>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {stages
              .filter((candidate) => candidate.id !== stage.id)
              .map((candidate) => (
                <MenuItem
                  key={candidate.id}
                  onClick={() => {
                    setMenu(null);
                    onMove(item.id, stage, candidate, nameOf(item));
                  }}
                >
                  {candidate.name}
                </MenuItem>
              ))}
          </Menu>
        </>
      )}
    </Paper>
  );
}

function StageColumn(props: {
  openingId: string;
  stage: Stage;
  stages: Stage[];
  filter: FilterValues;
  canMove: boolean;
  offers: ReadonlyMap<string, Offer> | undefined;
  onOpen: (id: string) => void;
  onMove: MoveCard;
  onMakeOffer: (applicationId: string, name: string) => void;
  /** The card just moved, with the stage it went to: only there does it take the focus. */
  focus: { applicationId: string; stageId: string } | null;
  onFocused: () => void;
}) {
  const { openingId, stage, filter } = props;
  const { stageId: _ignored, ...rest } = filter;
  const column = useStageCandidates(openingId, stage.id, rest);
  const drop = useDroppable({ id: stage.id, data: stage, disabled: !props.canMove });
  const over = drop.isOver;
  const items = column.data?.pages.flatMap((page) => page.items) ?? [];
  const total = column.data?.pages[0]?.total ?? stage.count;
  return (
    <Paper
      component="section"
      aria-label={`${stage.name}: ${total} ${total === 1 ? 'candidate' : 'candidates'}`}
      variant="outlined"
      ref={drop.setNodeRef}
      data-stage-id={stage.id}
      sx={{
        p: 1,
        minWidth: { xs: '85vw', sm: 240 },
        maxWidth: 280,
        flexShrink: 0,
        bgcolor: over ? 'action.hover' : 'background.default',
        scrollSnapAlign: 'start',
      }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {stage.name} ({total})
      </Typography>
      {column.isPending ? (
        <Skeleton variant="rounded" height={60} />
      ) : column.isError ? (
        <Alert severity="error">{errorMessage(column.error)}</Alert>
      ) : (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {items.map((item) => (
            <CandidateCard
              key={item.id}
              item={item}
              stage={stage}
              stages={props.stages}
              canMove={props.canMove}
              offer={props.offers?.get(item.id)}
              onOpen={props.onOpen}
              onMove={props.onMove}
              onMakeOffer={props.onMakeOffer}
              focusRequested={props.focus?.applicationId === item.id && props.focus.stageId === stage.id}
              onFocused={props.onFocused}
            />
          ))}
          {items.length === 0 && (
            <Typography variant="body2" color="text.secondary" component="li" sx={{ listStyle: 'none' }}>
              No candidates
            </Typography>
          )}
        </Stack>
      )}
      {column.hasNextPage && (
        <Button
          size="small"
          fullWidth
          sx={{ mt: 1 }}
          loading={column.isFetchingNextPage}
          onClick={() => column.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </Paper>
  );
}

/**
 * The board view of the pipeline: one column per stage with its count under the view's filters, a page at a time.
 * Drag a card to another column (dnd-kit's pointer sensor: mouse, pen and touch), or focus it and use the arrow keys
 * or its "Move to…" menu; every move goes through the moves API (history, undo, audit), and the moved card then has
 * the focus in its new column. A move to an Offered stage of a candidate without an offer opens the offer dialog
 * instead (sending the offer makes the move); a card in Offered without one says so, with "Make the offer…".
 */
export function PipelineBoard({
  pipeline,
  filter,
  onOpenApplication,
  openingTitle,
}: {
  pipeline: Pipeline;
  filter: FilterValues;
  onOpenApplication: (id: string) => void;
  /** The opening's title: the role an offer starts from. */
  openingTitle?: string | undefined;
}) {
  const move = useMoveCandidates();
  const offers = useOpeningOffers(pipeline.openingId);
  const [offering, setOffering] = useState<{ applicationId: string; name: string } | null>(null);
  const stages = filter.stageId ? pipeline.stages.filter((stage) => stage.id === filter.stageId) : pipeline.stages;
  // The card just moved, to focus once it is drawn in its new column.
  const [focus, setFocus] = useState<{ applicationId: string; stageId: string } | null>(null);
  const focused = useRef(() => setFocus(null)).current;
  // A press becomes a drag after 6 px, so a click still opens the card and its buttons still work.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const doMove: MoveCard = (applicationId, from, to, name) => {
    if (from?.id === to.id) return;
    if (to.kind === 'offered' && !offers.data?.has(applicationId)) {
      setOffering({ applicationId, name });
      return;
    }
    move.mutate(
      { openingId: pipeline.openingId, toStageId: to.id, applicationIds: [applicationId] },
      {
        onSuccess: (result) => {
          showSuccess(result.moved > 0 ? `Moved to ${to.name}` : result.message);
          setFocus({ applicationId, stageId: to.id });
        },
        onError: (error) => showError(error),
      },
    );
  };
  const onDragEnd = (event: DragEndEvent) => {
    const dragged = event.active.data.current as DragData | undefined;
    const target = event.over?.data.current as Stage | undefined;
    if (dragged && target) doMove(dragged.applicationId, dragged.from, target, dragged.name);
  };
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) =>
            `Picked up ${(active.data.current as DragData | undefined)?.name ?? 'a candidate'}.`,
          onDragOver: ({ over }) =>
            over ? `Over ${(over.data.current as Stage | undefined)?.name ?? 'a stage'}.` : '',
          onDragEnd: ({ over }) =>
            over ? `Dropped on ${(over.data.current as Stage | undefined)?.name ?? 'a stage'}.` : 'Not moved.',
          onDragCancel: () => 'Not moved.',
        },
      }}
    >
      <Box
        role="region"
        aria-label="Pipeline board"
        sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1, scrollSnapType: 'x mandatory' }}
      >
        {stages.map((stage) => (
          <StageColumn
            key={stage.id}
            openingId={pipeline.openingId}
            stage={stage}
            stages={pipeline.stages}
            filter={filter}
            canMove={pipeline.abilities.move}
            offers={offers.data}
            onOpen={onOpenApplication}
            onMove={doMove}
            onMakeOffer={(applicationId, name) => setOffering({ applicationId, name })}
            focus={focus}
            onFocused={focused}
          />
        ))}
      </Box>
      {offering && (
        <OfferDialog
          openingId={pipeline.openingId}
          applicationId={offering.applicationId}
          candidateName={offering.name}
          defaultRole={openingTitle}
          onMade={() => {
            const offered = pipeline.stages.find((stage) => stage.kind === 'offered');
            if (offered) setFocus({ applicationId: offering.applicationId, stageId: offered.id });
          }}
          onClose={() => setOffering(null)}
        />
      )}
    </DndContext>
  );
}
