import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type FormDefinition, isOrganizationAccount } from '@placely/contract';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { SignInPrompt } from '../../features/auth/components/SignInPrompt';
import { useOpening } from '../../features/openings/api/getOpening';
import { OpeningsList } from '../../features/openings/components/OpeningsList';
import { ResponsesView } from '../../features/openings/components/ResponsesView';
import { ApplicationLastChange, OpeningLastChange } from '../../features/organization/components/LastChanges';
import { useActiveOrganization } from '../../features/organization/useOrganizationSwitch';
import { usePipeline } from '../../features/shortlisting/api/getPipeline';
import { CandidateDetails } from '../../features/shortlisting/components/CandidateDetails';
import { type FilterableField, FilterBar } from '../../features/shortlisting/components/FilterBar';
import { PipelineBoard } from '../../features/shortlisting/components/PipelineBoard';
import { PipelineToolbar } from '../../features/shortlisting/components/PipelineToolbar';
import { type FilterValues, filterFromParams, withFilter } from '../../features/shortlisting/filters';
import { Page } from '../../lib/components/Page';
import { useAppStore } from '../../lib/store';
import { PATHS } from '../paths';

type ResponsesLayout = 'table' | 'board';

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
 * The responses of one opening with its pipeline. The filter (`&stage=`, `&q=`, `&tagIds=`, `&answers=`…) and the
 * layout (`&view=board`) live in the address; the selection (rows, or every application matching the filter) feeds
 * "Move to…". The candidate side panel is the responses view's drawer with the pipeline's details inside.
 */
function OpeningResponses(props: {
  openingId: string;
  applicationId: string | null;
  fileId: string | null;
  filter: FilterValues;
  layout: ResponsesLayout;
  onFilterChange: (filter: FilterValues) => void;
  onLayoutChange: (layout: ResponsesLayout) => void;
  onOpenApplication: (id: string | null) => void;
  onFileStarted: () => void;
  /** The ratings panel (another feature) for one candidate, when the page has one. */
  renderRatings?: (applicationId: string) => ReactNode;
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
  return (
    <ResponsesView
      openingId={openingId}
      applicationId={props.applicationId}
      fileId={props.fileId}
      onOpenApplication={props.onOpenApplication}
      onFileStarted={props.onFileStarted}
      openingNote={<OpeningLastChange openingId={openingId} />}
      renderApplicationNote={(id) => <ApplicationLastChange openingId={openingId} applicationId={id} />}
      filter={filter}
      renderApplicationExtra={(id) => (
        <CandidateDetails openingId={openingId} applicationId={id} ratings={props.renderRatings?.(id)} />
      )}
      {...(board
        ? {
            body: (
              <PipelineBoard
                pipeline={pipeline.data}
                filter={filter}
                onOpenApplication={(id) => props.onOpenApplication(id)}
              />
            ),
          }
        : {})}
      {...(pipeline.data ? { stageNameOf: (id: string) => stageNames.get(id) } : {})}
      {...(pipeline.data?.abilities.move && !board
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
          >
            <Stack spacing={1.5}>
              <FilterBar filter={filter} onChange={changeFilter} fields={fields} />
              <ToggleButtonGroup
                exclusive
                size="small"
                value={props.layout}
                onChange={(_event, value: ResponsesLayout | null) => value && props.onLayoutChange(value)}
                aria-label="Layout"
              >
                <ToggleButton value="table">Table</ToggleButton>
                <ToggleButton value="board">Board</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
          </PipelineToolbar>
        )
      }
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
  const layout: ResponsesLayout = params.get('view') === 'board' ? 'board' : 'table';
  const changeFilter = useCallback(
    (next: FilterValues) => setParams((previous) => withFilter(previous, next)),
    [setParams],
  );
  const changeLayout = useCallback(
    (next: ResponsesLayout) =>
      setParams((previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'board') params.set('view', 'board');
        else params.delete('view');
        return params;
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
          layout={layout}
          onFilterChange={changeFilter}
          onLayoutChange={changeLayout}
          onOpenApplication={openApplication}
          onFileStarted={fileStarted}
        />
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
