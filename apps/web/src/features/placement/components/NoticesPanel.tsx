import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CellNotice,
  ENROLMENT_STATUS_LABELS,
  ENROLMENT_STATUSES,
  type EnrolmentStatus,
  NOTICE_LIMITS,
  type NoticeAudience,
  type ReceiptFilter,
} from '@placely/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { Section } from '../../../lib/components/Section';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useBranches } from '../api/getBranches';
import { useCellNotices } from '../api/getCellNotices';
import { useCycleOpeningStages } from '../api/getCycleOpeningStages';
import { useCycleOpenings } from '../api/getCycleOpenings';
import { useNoticeReceipts } from '../api/getNoticeReceipts';
import { usePostNotice } from '../api/postNotice';

type AudienceKind = NoticeAudience['kind'];
const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  all: 'Every student of the cycle',
  filter: 'Students of some branches or statuses',
  stage: 'The candidates in one stage of an opening',
};

/** The cycle's notices for its cell: post one to an audience, and see who read and acknowledged each. */
export function NoticesPanel({ cycleId, institutionId }: { cycleId: string; institutionId: number }) {
  const notices = useCellNotices(cycleId);
  const [receiptsOf, setReceiptsOf] = useState<CellNotice | null>(null);
  return (
    <>
      <NoticeForm cycleId={cycleId} institutionId={institutionId} />
      <Section title="Posted notices">
        {notices.isError && <Alert severity="error">The notices could not be loaded.</Alert>}
        {notices.data?.items.length === 0 && <Typography color="text.secondary">No notice yet.</Typography>}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {notices.data?.items.map((notice) => (
            <Stack
              component="li"
              key={notice.id}
              spacing={0.5}
              sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
            >
              <Typography sx={{ fontWeight: 600 }}>{notice.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(notice.createdAt)} · reached {notice.recipients} · read by {notice.read}
                {notice.requiresAck ? ` · acknowledged by ${notice.acknowledged}` : ''}
              </Typography>
              <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setReceiptsOf(notice)}>
                Who has read “{notice.title}”
              </Button>
            </Stack>
          ))}
        </Stack>
      </Section>
      {receiptsOf && <ReceiptsDialog notice={receiptsOf} onClose={() => setReceiptsOf(null)} />}
    </>
  );
}

function NoticeForm({ cycleId, institutionId }: { cycleId: string; institutionId: number }) {
  const post = usePostNotice();
  const branches = useBranches(institutionId);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [kind, setKind] = useState<AudienceKind>('all');
  const [branchIds, setBranchIds] = useState<string[]>([]);
  const [statuses, setStatuses] = useState<EnrolmentStatus[]>([]);
  const [openingId, setOpeningId] = useState('');
  const [stageId, setStageId] = useState('');
  const [requiresAck, setRequiresAck] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const audience = (): NoticeAudience =>
    kind === 'all'
      ? { kind: 'all' }
      : kind === 'stage'
        ? { kind: 'stage', openingId, stageId }
        : { kind: 'filter', ...(branchIds.length ? { branchIds } : {}), ...(statuses.length ? { statuses } : {}) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = 'Required';
    if (!body.trim()) next.body = 'Required';
    if (kind === 'stage' && !openingId) next.openingId = 'Choose the opening';
    else if (kind === 'stage' && !stageId) next.stageId = 'Choose the stage';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    post.mutate(
      { cycleId, title: title.trim(), body: body.trim(), audience: audience(), requiresAck },
      {
        onSuccess: (result) => {
          showSuccess(result.message || `Notice posted to ${result.data.recipients} students`);
          setTitle('');
          setBody('');
          setRequiresAck(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.length) {
            setErrors(
              Object.fromEntries(
                error.fields.map((field) => [field.field.split('.').at(-1) ?? field.field, field.message]),
              ),
            );
          } else showError(error);
        },
      },
    );
  };

  return (
    <Section title="Post a notice" description="Students get it in the app and by mail, as their settings say.">
      <Stack component="form" onSubmit={submit} noValidate spacing={2}>
        <TextField
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          error={Boolean(errors.title)}
          helperText={errors.title ?? ' '}
          slotProps={{ htmlInput: { maxLength: NOTICE_LIMITS.titleLength } }}
        />
        <TextField
          label="Notice"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          required
          multiline
          minRows={4}
          error={Boolean(errors.body)}
          helperText={errors.body ?? ' '}
          slotProps={{ htmlInput: { maxLength: NOTICE_LIMITS.bodyLength } }}
        />
        <TextField
          select
          label="Who it reaches"
          value={kind}
          onChange={(event) => setKind(event.target.value as AudienceKind)}
        >
          {(Object.keys(AUDIENCE_LABELS) as AudienceKind[]).map((value) => (
            <MenuItem key={value} value={value}>
              {AUDIENCE_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        {kind === 'filter' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Branches"
              value={branchIds}
              onChange={(event) => setBranchIds(event.target.value as unknown as string[])}
              slotProps={{ select: { multiple: true } }}
              helperText="None chosen: every branch"
              sx={{ minWidth: 240 }}
            >
              {branches.data?.items.map((branch) => (
                <MenuItem key={branch.id} value={branch.id}>
                  {branch.degree} · {branch.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Statuses"
              value={statuses}
              onChange={(event) => setStatuses(event.target.value as unknown as EnrolmentStatus[])}
              slotProps={{ select: { multiple: true } }}
              helperText="None chosen: every status"
              sx={{ minWidth: 200 }}
            >
              {ENROLMENT_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {ENROLMENT_STATUS_LABELS[status]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
        {kind === 'stage' && (
          <StagePicker
            cycleId={cycleId}
            openingId={openingId}
            stageId={stageId}
            errors={errors}
            onOpening={(id) => {
              setOpeningId(id);
              setStageId('');
            }}
            onStage={setStageId}
          />
        )}
        <FormControlLabel
          control={<Checkbox checked={requiresAck} onChange={(event) => setRequiresAck(event.target.checked)} />}
          label="Ask students to acknowledge it (“I have read this”)"
        />
        <Button type="submit" variant="contained" disabled={post.isPending} sx={{ alignSelf: 'flex-start' }}>
          Post notice
        </Button>
      </Stack>
    </Section>
  );
}

/** "Shortlist published": an approved opening of the cycle, then one of its stages with how many it reaches. */
function StagePicker(props: {
  cycleId: string;
  openingId: string;
  stageId: string;
  errors: Record<string, string>;
  onOpening: (openingId: string) => void;
  onStage: (stageId: string) => void;
}) {
  const openings = useCycleOpenings(props.cycleId);
  const stages = useCycleOpeningStages(props.openingId || null);
  const approved = openings.data?.items.filter((opening) => opening.status === 'approved') ?? [];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label="Opening"
        value={props.openingId}
        onChange={(event) => props.onOpening(event.target.value)}
        required
        error={Boolean(props.errors.openingId)}
        helperText={props.errors.openingId ?? (approved.length === 0 ? 'No approved opening yet' : ' ')}
        sx={{ minWidth: 260 }}
      >
        {approved.map((opening) => (
          <MenuItem key={opening.openingId} value={opening.openingId}>
            {opening.organizationName} · {opening.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Stage"
        value={props.stageId}
        onChange={(event) => props.onStage(event.target.value)}
        required
        disabled={!props.openingId}
        error={Boolean(props.errors.stageId)}
        helperText={props.errors.stageId ?? (stages.isError ? 'The stages could not be loaded' : ' ')}
        sx={{ minWidth: 220 }}
      >
        {stages.data?.items.map((stage) => (
          <MenuItem key={stage.id} value={stage.id}>
            {stage.name} ({stage.candidates} {stage.candidates === 1 ? 'student' : 'students'})
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

const RECEIPT_LABELS: Record<ReceiptFilter, string> = {
  all: 'Everyone',
  read: 'Read',
  unread: 'Not read',
  acknowledged: 'Acknowledged',
  unacknowledged: 'Not acknowledged',
};

function ReceiptsDialog({ notice, onClose }: { notice: CellNotice; onClose: () => void }) {
  const [show, setShow] = useState<ReceiptFilter>('all');
  const pages = useNoticeReceipts(notice.id, show);
  const rows = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="receipts-title" fullWidth maxWidth="sm">
      <DialogTitle id="receipts-title">Who has read “{notice.title}”</DialogTitle>
      <DialogContent>
        <TextField
          select
          size="small"
          label="Show"
          value={show}
          onChange={(event) => setShow(event.target.value as ReceiptFilter)}
          sx={{ mt: 1, mb: 2, minWidth: 200 }}
        >
          {(Object.keys(RECEIPT_LABELS) as ReceiptFilter[]).map((value) => (
            <MenuItem key={value} value={value}>
              {RECEIPT_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        {pages.isError && <Alert severity="error">The list could not be loaded.</Alert>}
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <li key={row.userId}>
              <Typography sx={{ fontWeight: 600 }}>{row.name ?? row.email}</Typography>
              <Typography variant="body2" color="text.secondary">
                {row.acknowledgedAt
                  ? `Acknowledged ${formatDateTime(row.acknowledgedAt)}`
                  : row.readAt
                    ? `Read ${formatDateTime(row.readAt)}`
                    : 'Not read yet'}
              </Typography>
            </li>
          ))}
        </Stack>
        {pages.isSuccess && rows.length === 0 && <Typography color="text.secondary">Nobody here.</Typography>}
        {pages.hasNextPage && (
          <Button onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
