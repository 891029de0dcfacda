import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { isOrganizationAccount } from '@placely/contract';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { OpeningsList } from '../../features/openings/components/OpeningsList';
import { ResponsesView } from '../../features/openings/components/ResponsesView';
import { ApplicationLastChange, OpeningLastChange } from '../../features/organization/components/LastChanges';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { usePipeline } from '../../features/shortlisting/api/getPipeline';
import { PipelineToolbar } from '../../features/shortlisting/components/PipelineToolbar';
import { RankingTable } from '../../features/shortlisting/components/RankingTable';
import { RatingsPanel } from '../../features/shortlisting/components/RatingsPanel';
import { StageHistory } from '../../features/shortlisting/components/StageHistory';
import { ShortlistDialog } from '../../features/shortlists/components/ShortlistDialog';
import { ShortlistsBar } from '../../features/shortlists/components/ShortlistsBar';
import { VideoTasksPanel } from '../../features/videoTasks/components/VideoTasksPanel';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS, toUploadVideoForTask, toWatch } from '../paths';

/**
 * The responses of one opening with its pipeline: `&stage=` filters by stage; the selection (rows, or every
 * application matching the filter) feeds "Move to…".
 */
function OpeningResponses(props: {
  openingId: string;
  applicationId: string | null;
  fileId: string | null;
  stageId: string | null;
  onStageChange: (stageId: string | null) => void;
  ranked: boolean;
  onRankedChange: (ranked: boolean) => void;
  onOpenApplication: (id: string | null) => void;
  onFileStarted: () => void;
  /** The shortlist open in its dialog (`&shortlist=`), e.g. from a verdict notification. */
  shortlistId: string | null;
  onOpenShortlist: (id: string | null) => void;
}) {
  const { openingId, stageId } = props;
  const pipeline = usePipeline(openingId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);
  const stageNames = new Map(pipeline.data?.stages.map((stage) => [stage.id, stage.name]));
  return (
    <ResponsesView
      openingId={openingId}
      applicationId={props.applicationId}
      fileId={props.fileId}
      onOpenApplication={props.onOpenApplication}
      onFileStarted={props.onFileStarted}
      openingNote={<OpeningLastChange openingId={openingId} />}
      renderApplicationNote={(id) => <ApplicationLastChange openingId={openingId} applicationId={id} />}
      stageId={stageId}
      renderApplicationExtra={(id) => (
        <Stack spacing={2}>
          <StageHistory openingId={openingId} applicationId={id} />
          <RatingsPanel openingId={openingId} applicationId={id} />
        </Stack>
      )}
      ranking={{
        active: props.ranked,
        onChange: props.onRankedChange,
        content: (
          <RankingTable
            openingId={openingId}
            stageId={stageId}
            stageNameOf={pipeline.data ? (id: string) => stageNames.get(id) : undefined}
            onOpenApplication={props.onOpenApplication}
          />
        ),
      }}
      {...(pipeline.data ? { stageNameOf: (id: string) => stageNames.get(id) } : {})}
      {...(pipeline.data?.abilities.move
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
      toolbar={
        pipeline.data && (
          <Stack spacing={1}>
            <PipelineToolbar
              pipeline={pipeline.data}
              stageId={stageId}
              onStageChange={(next) => {
                clear();
                props.onStageChange(next);
              }}
              selected={selected}
              allMatching={allMatching}
              onSelectAllMatching={() => setAllMatching(true)}
              onClearSelection={clear}
            />
            <ShortlistsBar openingId={openingId} selected={selected} onOpen={props.onOpenShortlist} />
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
  const stageId = params.get('stage');
  const ranked = params.get('view') === 'ranking';
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
  const changeStage = useCallback(
    (id: string | null) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set('stage', id);
        else next.delete('stage');
        return next;
      }),
    [setParams],
  );

  const changeView = useCallback(
    (rankedView: boolean) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (rankedView) next.set('view', 'ranking');
        else next.delete('view');
        return next;
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
          stageId={stageId}
          onStageChange={changeStage}
          ranked={ranked}
          onRankedChange={changeView}
          onOpenApplication={openApplication}
          onFileStarted={fileStarted}
          shortlistId={shortlistId}
          onOpenShortlist={openShortlist}
        />
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
