import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DEFAULT_CUSTOM_STAGE_LABEL, type Pipeline, SHORTLISTING_LIMITS, type Stage } from '@placely/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/components/ConfirmDialog';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useAddStage } from '../api/addStage';
import { useRemoveStage } from '../api/removeStage';
import { useReorderStages } from '../api/reorderStages';
import { useUpdatePipelineSettings } from '../api/updatePipelineSettings';
import { useUpdateStage } from '../api/updateStage';

const nameInput = { htmlInput: { maxLength: SHORTLISTING_LIMITS.stageNameLength } };

function StageRow({
  pipeline,
  stage,
  index,
  custom,
}: {
  pipeline: Pipeline;
  stage: Stage;
  index: number;
  custom: Stage[];
}) {
  const [name, setName] = useState(stage.name);
  const [label, setLabel] = useState(stage.candidateLabel);
  const [removing, setRemoving] = useState(false);
  const [target, setTarget] = useState('');
  const update = useUpdateStage();
  const reorder = useReorderStages();
  const remove = useRemoveStage();
  const changed = name.trim() !== stage.name || label.trim() !== stage.candidateLabel;
  const isCustom = stage.kind === 'custom';
  const done = (message: string) => ({
    onSuccess: () => showSuccess(message),
    onError: (error: unknown) => showError(error),
  });
  const shift = (by: -1 | 1) => {
    const ids = custom.map((item) => item.id);
    const at = ids.indexOf(stage.id);
    const other = ids[at + by];
    if (other === undefined) return;
    ids[at + by] = stage.id;
    ids[at] = other;
    reorder.mutate({ openingId: pipeline.openingId, stageIds: ids }, { onError: (error: unknown) => showError(error) });
  };
  return (
    <Stack spacing={1} component="li" aria-label={stage.name} sx={{ py: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label="Stage name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={nameInput}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label="Applicants see"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          slotProps={nameInput}
          sx={{ flex: 1 }}
        />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <Typography variant="caption" color="text.secondary" sx={{ minWidth: 24, textAlign: 'right' }}>
            {stage.count}
          </Typography>
          <Button
            size="small"
            disabled={!changed || !name.trim() || !label.trim()}
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { openingId: pipeline.openingId, stageId: stage.id, name: name.trim(), candidateLabel: label.trim() },
                done('Stage updated'),
              )
            }
          >
            Save
          </Button>
          {isCustom && (
            <>
              <IconButton
                size="small"
                aria-label={`Move ${stage.name} up`}
                disabled={index === 0 || reorder.isPending}
                onClick={() => shift(-1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Move ${stage.name} down`}
                disabled={index === custom.length - 1 || reorder.isPending}
                onClick={() => shift(1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Remove ${stage.name}`} onClick={() => setRemoving(true)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </>
          )}
        </Stack>
      </Stack>
      {removing && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, pl: { sm: 1 } }}>
          {stage.count > 0 ? (
            <TextField
              select
              size="small"
              label={`Move its ${stage.count} ${stage.count === 1 ? 'candidate' : 'candidates'} to`}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              sx={{ minWidth: 240 }}
            >
              {pipeline.stages
                .filter((other) => other.id !== stage.id)
                .map((other) => (
                  <MenuItem key={other.id} value={other.id}>
                    {other.name}
                  </MenuItem>
                ))}
            </TextField>
          ) : (
            <Typography variant="body2">Remove this stage?</Typography>
          )}
          <Button onClick={() => setRemoving(false)}>Keep</Button>
          <Button
            color="error"
            variant="outlined"
            disabled={stage.count > 0 && !target}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(
                { openingId: pipeline.openingId, stageId: stage.id, ...(target ? { targetStageId: target } : {}) },
                done('Stage removed'),
              )
            }
          >
            Remove stage
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** Add, rename, reorder and remove stages; choose the words applicants see and when rejections are shown. */
export function StagesEditor({ pipeline, onClose }: { pipeline: Pipeline; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [name, setName] = useState('');
  const [label, setLabel] = useState('');
  const add = useAddStage();
  const settings = useUpdatePipelineSettings();
  const [confirmingRelease, setConfirmingRelease] = useState(false);
  const rejected = pipeline.stages.find((stage) => stage.kind === 'rejected')?.count ?? 0;
  const saveRelease = (rejectionsReleased: boolean) =>
    settings.mutate(
      { openingId: pipeline.openingId, rejectionsReleased },
      {
        onSuccess: () => showSuccess(rejectionsReleased ? 'Rejected applicants are told' : 'Rejections are held back'),
        onError: (error: unknown) => showError(error),
      },
    );
  const custom = pipeline.stages.filter((stage) => stage.kind === 'custom');
  const submitAdd = () =>
    add.mutate(
      { openingId: pipeline.openingId, name: name.trim(), ...(label.trim() ? { candidateLabel: label.trim() } : {}) },
      {
        onSuccess: () => {
          setName('');
          setLabel('');
          showSuccess('Stage added');
        },
        onError: (error: unknown) => showError(error),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle>Stages</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Applied, Shortlisted, Offered, Hired, Rejected and Withdrawn are part of every pipeline; your own stages go
          between Shortlisted and Offered. Applicants see the words in "Applicants see".
        </Typography>
        {/* Rules between rows are borders: a list holds only list items (axe \`list\`), so no <hr> dividers. */}
        <Stack
          component="ul"
          aria-label="Stages"
          sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
        >
          {pipeline.stages.map((stage) => (
            <StageRow
              key={`${stage.id}:${stage.name}:${stage.candidateLabel}`}
              pipeline={pipeline}
              stage={stage}
              index={custom.indexOf(stage)}
              custom={custom}
            />
          ))}
        </Stack>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mt: 2, alignItems: { sm: 'center' } }}
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) submitAdd();
          }}
          aria-label="Add a stage"
        >
          <TextField
            size="small"
            label="New stage"
            placeholder="e.g. Aptitude test"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={nameInput}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label="Applicants see"
            placeholder={DEFAULT_CUSTOM_STAGE_LABEL}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            slotProps={nameInput}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={!name.trim()} loading={add.isPending}>
            Add stage
          </Button>
        </Stack>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={
            <Switch
              checked={pipeline.rejectionsReleased}
              disabled={settings.isPending}
              onChange={(event) => {
                // Releasing mails everyone already rejected: it is confirmed first, naming how many (issue 40).
                if (event.target.checked) setConfirmingRelease(true);
                else saveRelease(false);
              }}
            />
          }
          label="Show rejections to applicants"
        />
        <ConfirmDialog
          open={confirmingRelease}
          title="Tell rejected applicants?"
          confirmLabel={rejected === 1 ? 'Tell 1 applicant' : `Tell ${rejected} applicants`}
          onCancel={() => setConfirmingRelease(false)}
          onConfirm={() => {
            setConfirmingRelease(false);
            saveRelease(true);
          }}
        >
          {rejected === 0
            ? 'Nobody is in Rejected yet. From now on, applicants moved to Rejected are told at once, in the app and by email.'
            : `${rejected === 1 ? '1 applicant is' : `${rejected} applicants are`} in Rejected and will be told now, in the app and by email. Applicants moved to Rejected later are told at once. This cannot be taken back.`}
        </ConfirmDialog>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
