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
import { useNoticeReceipts } from '../api/getNoticeReceipts';
import { usePostNotice } from '../api/postNotice';

// A stage's candidates are an audience the API takes; the cell reaches them from here once it can list an opening's
// stages (not yet exposed to the cell).
type AudienceKind = Exclude<NoticeAudience['kind'], 'stage'>;
const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  all: 'Every student of the cycle',
  filter: 'Students of some branches or statuses',
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
  const [requiresAck, setRequiresAck] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const audience = (): NoticeAudience =>
    kind === 'all'
      ? { kind: 'all' }
      : { kind: 'filter', ...(branchIds.length ? { branchIds } : {}), ...(statuses.length ? { statuses } : {}) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = 'Required';
    if (!body.trim()) next.body = 'Required';
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
