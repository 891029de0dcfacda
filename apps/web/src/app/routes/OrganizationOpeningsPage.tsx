import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type FormDefinition, isOrganizationAccount, type ResponseOrder } from '@placely/contract';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import type { Knockouts } from '../../features/openings/api/getFormSummary';
import { useOpening } from '../../features/openings/api/getOpening';
import { OpeningsList } from '../../features/openings/components/OpeningsList';
import { ResponsesSummary } from '../../features/openings/components/ResponsesSummary';
import { ResponsesView } from '../../features/openings/components/ResponsesView';
import { orderFromParams, withOrder } from '../../features/openings/sort';
import { ApplicationLastChange, OpeningLastChange } from '../../features/organization/components/LastChanges';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { RoundsPanel } from '../../features/rounds/components/RoundsPanel';
import { usePipeline } from '../../features/shortlisting/api/getPipeline';
import { CandidateDetails } from '../../features/shortlisting/components/CandidateDetails';
import { type FilterableField, FilterBar } from '../../features/shortlisting/components/FilterBar';
import { PipelineBoard } from '../../features/shortlisting/components/PipelineBoard';
import { PipelineToolbar } from '../../features/shortlisting/components/PipelineToolbar';
import { RankingTable } from '../../features/shortlisting/components/RankingTable';
import { RatingsPanel } from '../../features/shortlisting/components/RatingsPanel';
import { type FilterValues, filterFromParams, withFilter } from '../../features/shortlisting/filters';
import { ShortlistDialog } from '../../features/shortlists/components/ShortlistDialog';
import { ShortlistsBar } from '../../features/shortlists/components/ShortlistsBar';
import { InviteSelectedToVideoTask } from '../../features/videoTasks/components/InviteSelectedToVideoTask';
import { VideoTasksPanel } from '../../features/videoTasks/components/VideoTasksPanel';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS, toRoundDay, toUploadVideoForTask, toWatch } from '../paths';

type ResponsesLayout = 'table' | 'board' | 'ranking' | 'summary';

/** The current form's choice and number questions, for the filter bar's answer conditions. */
function filterableFields(form: FormDefinition | null | undefined): FilterableField[] {
  if (!form) return [];
  return form.sections.flatMap((section) =>
    section.fields.flatMap((field): FilterableField[] => {
      if (field.type === 'number' || field.type === 'linearScale') {
        return [{ id: field.id, label: field.label, kind: 'number', options: [] }];
      }
      if (field.type === 'singleChoice' || field.type === 'multipleChoice' || field.type === 'dropdown') {
        return [{ id: field.id, label: field.label, kind: 'choice', options: field.options }];
      }
      if (field.type === 'yesNo') {
        const options = [
          { id: 'true', label: 'Yes' },
          { id: 'false', label: 'No' },
        ];
        return [{ id: field.id, label: field.label, kind: 'choice', options }];
      }
      return [];
    }),
  );
}

/**
 * The responses of one opening with its pipeline. The filter (`&stage=`, `&q=`, `&tagIds=`, `&answers=`…), the
 * table's order (`&sort=`) and the layout (`&view=board` or `&view=ranking`) live in the address; the selection (rows, or every application matching the filter) feeds
 * "Move to…". The candidate side panel is the responses view's drawer with the pipeline's details inside.
 */
function OpeningResponses(props: {
  openingId: string;
  applicationId: string | null;
  fileId: string | null;
  filter: FilterValues;
  order: ResponseOrder;
  layout: ResponsesLayout;
  /** The Summary tab's knock-outs filter (`&ko=`). */
  knockouts: Knockouts;
  onKnockoutsChange: (knockouts: Knockouts) => void;
  onFilterChange: (filter: FilterValues) => void;
  onOrderChange: (order: ResponseOrder) => void;
  onLayoutChange: (layout: ResponsesLayout) => void;
  onOpenApplication: (id: string | null) => void;
  onFileStarted: () => void;
  /** The shortlist open in its dialog (`&shortlist=`), e.g. from a verdict notification. */
  shortlistId: string | null;
  onOpenShortlist: (id: string | null) => void;
}) {
  const { openingId, filter } = props;
  const pipeline = usePipeline(openingId);
  const opening = useOpening(openingId);
  const fields = useMemo(() => filterableFields(opening.data?.form), [opening.data?.form]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);
  const changeFilter = (next: FilterValues) => {
    clear();
    props.onFilterChange(next);
  };
  const stageNames = new Map(pipeline.data?.stages.map((stage) => [stage.id, stage.name]));
  const board = props.layout === 'board' && pipeline.data;
  const body = board ? (
    <PipelineBoard
      pipeline={pipeline.data}
      filter={filter}
      onOpenApplication={(id) => props.onOpenApplication(id)}
      openingTitle={opening.data?.title}
    />
  ) : props.layout === 'summary' ? (
    <ResponsesSummary
      openingId={openingId}
      filter={filter}
      knockouts={props.knockouts}
      onKnockoutsChange={props.onKnockoutsChange}
    />
  ) : props.layout === 'ranking' ? (
    <RankingTable
      openingId={openingId}
      stageId={filter.stageId ?? null}
      stageNameOf={pipeline.data ? (id: string) => stageNames.get(id) : undefined}
      onOpenApplication={props.onOpenApplication}
    />
  ) : null;
  return (
    <ResponsesView
      openingId={openingId}
      applicationId={props.applicationId}
      fileId={props.fileId}
      onOpenApplication={props.onOpenApplication}
      onFileStarted={props.onFileStarted}
      openingNote={<OpeningLastChange openingId={openingId} />}
      // The selection stays: an order changes which rows a page shows, never which match the filter.
      order={props.order}
      onOrderChange={props.onOrderChange}
      renderApplicationNote={(id) => <ApplicationLastChange openingId={openingId} applicationId={id} />}
      filter={filter}
      renderApplicationExtra={(id) => (
        <CandidateDetails
          openingId={openingId}
          applicationId={id}
          ratings={<RatingsPanel openingId={openingId} applicationId={id} />}
          openingTitle={opening.data?.title}
        />
      )}
      {...(body ? { body } : {})}
      {...(pipeline.data ? { stageNameOf: (id: string) => stageNames.get(id) } : {})}
      {...(pipeline.data?.abilities.move && props.layout === 'table'
        ? {
            selection: {
              selected,
              onChange: (next: Set<string>) => {
                setSelected(next);
                setAllMatching(false);
              },
            },
          }
        : {})}
      toolbar={({ total }) =>
        pipeline.data && (
          <Stack spacing={1}>
            <PipelineToolbar
              pipeline={pipeline.data}
              stageId={filter.stageId ?? null}
              onStageChange={(next) => changeFilter({ ...filter, stageId: next ?? undefined })}
              selected={selected}
              allMatching={allMatching}
              onSelectAllMatching={() => setAllMatching(true)}
              onClearSelection={clear}
              filter={filter}
              matchingTotal={total}
              openingTitle={opening.data?.title}
            >
              <Stack spacing={1.5}>
                <FilterBar filter={filter} onChange={changeFilter} fields={fields} />
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={props.layout}
                  onChange={(_event, value: ResponsesLayout | null) => value && props.onLayoutChange(value)}
                  aria-label="How to list the candidates"
                >
                  <ToggleButton value="table">Table</ToggleButton>
                  <ToggleButton value="board">Board</ToggleButton>
                  <ToggleButton value="ranking">Ranking</ToggleButton>
                  <ToggleButton value="summary">Summary</ToggleButton>
                </ToggleButtonGroup>
              </Stack>
            </PipelineToolbar>
            <ShortlistsBar openingId={openingId} selected={selected} onOpen={props.onOpenShortlist} />
            {!allMatching && <InviteSelectedToVideoTask openingId={openingId} selected={selected} />}
            {props.shortlistId && (
              <ShortlistDialog
                key={props.shortlistId}
                shortlistId={props.shortlistId}
                onClose={() => props.onOpenShortlist(null)}
              />
            )}
          </Stack>
        )
      }
    />
  );
}

/** The opening's video tasks under its responses; "invite everyone in a stage" takes the pipeline's stages. */
function OpeningVideoTasks({ openingId }: { openingId: string }) {
  const pipeline = usePipeline(openingId);
  return (
    <VideoTasksPanel
      openingId={openingId}
      stages={pipeline.data?.stages.map((stage) => ({ id: stage.id, name: stage.name })) ?? []}
      watchTo={toWatch}
      answerLink={(taskId) => `${window.location.origin}${toUploadVideoForTask(taskId)}`}
    />
  );
}

/** The opening's rounds under its responses: its custom stages can be rounds. */
function OpeningRounds({ openingId }: { openingId: string }) {
  const pipeline = usePipeline(openingId);
  const stages =
    pipeline.data?.stages
      .filter((stage) => stage.kind === 'custom')
      .map((stage) => ({ id: stage.id, name: stage.name })) ?? [];
  return (
    <RoundsPanel
      openingId={openingId}
      stages={stages}
      dayTo={(roundId) => toRoundDay(roundId)}
      canCreate={pipeline.data?.abilities.manageStages ?? false}
    />
  );
}

/**
 * /organization/openings: the organization's openings; `?opening=` shows that opening's responses,
 * `&application=` opens one application and `&file=` downloads one of its files (the export's file links).
 */
export default function OrganizationOpeningsPage() {
  const accessToken = useAppStore((state) => state.accessToken);
  const user = useAppStore((state) => state.user);
  const active = useActiveOrganization();
  const [params, setParams] = useSearchParams();
  const openingId = params.get('opening');
  const applicationId = params.get('application');
  const fileId = params.get('file');
  const shortlistId = params.get('shortlist');

  const openApplication = useCallback(
    (id: string | null) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('application', id);
        else next.delete('application');
        next.delete('file');
        return next;
      }),
    [setParams],
  );
  const fileStarted = useCallback(
    () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('file');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const filter = useMemo(() => filterFromParams(params), [params]);
  const view = params.get('view');
  const layout: ResponsesLayout = view === 'board' || view === 'ranking' || view === 'summary' ? view : 'table';
  const ko = params.get('ko');
  const knockouts: Knockouts = ko === 'passing' || ko === 'knockedOut' ? ko : 'all';
  const changeKnockouts = useCallback(
    (next: Knockouts) =>
      setParams((previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'all') params.delete('ko');
        else params.set('ko', next);
        return params;
      }),
    [setParams],
  );
  const changeFilter = useCallback(
    (next: FilterValues) => setParams((previous) => withFilter(previous, next)),
    [setParams],
  );
  const order = orderFromParams(params);
  const changeOrder = useCallback(
    (next: ResponseOrder) => setParams((previous) => withOrder(previous, next)),
    [setParams],
  );
  const changeLayout = useCallback(
    (next: ResponsesLayout) =>
      setParams((previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'table') params.delete('view');
        else params.set('view', next);
        return params;
      }),
    [setParams],
  );

  const openShortlist = useCallback(
    (id: string | null) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('shortlist', id);
        else next.delete('shortlist');
        return next;
      }),
    [setParams],
  );

  const here = `${PATHS.organization.openings}${params.size ? `?${params}` : ''}`;
  if (!accessToken) {
    return (
      <Page title="Openings">
        <SignInPrompt title="Sign in to see your openings" next={here} />
      </Page>
    );
  }
  if (user && !isOrganizationAccount(user.accountType) && !active.actingForTeam) {
    return (
      <Page title="Openings">
        <Alert severity="info">Openings are managed by organization accounts.</Alert>
      </Page>
    );
  }
  if (openingId) {
    return (
      <Page title="Responses" maxWidth={1400}>
        <OpeningResponses
          key={openingId}
          openingId={openingId}
          applicationId={applicationId}
          fileId={applicationId ? fileId : null}
          filter={filter}
          order={order}
          layout={layout}
          knockouts={knockouts}
          onKnockoutsChange={changeKnockouts}
          onFilterChange={changeFilter}
          onOrderChange={changeOrder}
          onLayoutChange={changeLayout}
          onOpenApplication={openApplication}
          onFileStarted={fileStarted}
          shortlistId={shortlistId}
          onOpenShortlist={openShortlist}
        />
        <OpeningRounds openingId={openingId} />
        <OpeningVideoTasks openingId={openingId} />
      </Page>
    );
  }
  return (
    <Page title="Openings">
      {(active.organization?.abilities.createOpenings ?? !active.actingForTeam) && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: -1, mb: 2 }}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={PATHS.organization.createOpening}
          >
            Create an opening
          </Button>
        </Stack>
      )}
      <OpeningsList />
    </Page>
  );
}
