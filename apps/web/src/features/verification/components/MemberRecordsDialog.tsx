import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  GRADE_SCALE_LABELS,
  type MemberRecords,
  OFFER_KIND_LABELS,
  OTHER_KIND_LABELS,
  type RecordKind,
  VERIFICATION_LIMITS,
} from '@placely/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/dates';
import { formatMonth, formatRange } from '../../../lib/months';
import { showSuccess } from '../../../lib/snackbar';
import { useMemberRecords } from '../api/getMemberRecords';
import { useRecordDecision } from '../api/recordDecision';

interface RecordLine {
  kind: RecordKind;
  id: string;
  title: string;
  detail: string;
}

const join = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

function recordLines(records: MemberRecords): Array<{ heading: string; lines: RecordLine[] }> {
  return [
    {
      heading: 'Education',
      lines: records.education.map((entry) => ({
        kind: 'education' as const,
        id: entry.id,
        title: `${entry.degree}, ${entry.institutionName}`,
        detail: join(
          entry.fieldOfStudy,
          formatRange(entry.startMonth, entry.endMonth, entry.isCurrent),
          entry.grade !== null && entry.gradeScale ? `${GRADE_SCALE_LABELS[entry.gradeScale]}: ${entry.grade}` : null,
          entry.rollNumber && `Roll number ${entry.rollNumber}`,
        ),
      })),
    },
    {
      heading: 'Experience',
      lines: records.experience.map((entry) => ({
        kind: 'experience' as const,
        id: entry.id,
        title: `${entry.title}, ${entry.organization}`,
        detail: join(formatRange(entry.startMonth, entry.endMonth, entry.isCurrent), entry.location),
      })),
    },
    {
      heading: 'Placements',
      lines: records.placements.map((entry) => ({
        kind: 'placement' as const,
        id: entry.id,
        title: `${entry.role}, ${entry.organization}`,
        detail: join(OFFER_KIND_LABELS[entry.offerKind], formatMonth(entry.month)),
      })),
    },
    {
      heading: 'Other records',
      lines: records.others.map((entry) => ({
        kind: 'other' as const,
        id: entry.id,
        title: entry.title,
        detail: join(OTHER_KIND_LABELS[entry.kind], entry.issuer, formatMonth(entry.month)),
      })),
    },
  ];
}

function RecordRow({ line, records, groupId }: { line: RecordLine; records: MemberRecords; groupId: string }) {
  const decide = useRecordDecision();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const version = records.records.find((record) => record.recordKind === line.kind && record.recordId === line.id);
  const decision = version?.decision ?? null;

  const send = (choice: 'verified' | 'rejected') => {
    if (!version) return;
    setProblem(null);
    decide.mutate(
      {
        groupId,
        userId: records.person.userId,
        recordKind: line.kind,
        recordId: line.id,
        recordUpdatedAt: version.updatedAt,
        decision: choice,
        note: note.trim() || null,
      },
      {
        onSuccess: (result) => {
          showSuccess(result.message);
          setRejecting(false);
          setNote('');
        },
        onError: (error) => setProblem(error instanceof ApiError ? error.message : 'Could not save the decision.'),
      },
    );
  };

  return (
    <ListItem divider sx={{ px: 0, display: 'block' }}>
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Stack sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{line.title}</Typography>
            {line.detail && (
              <Typography variant="body2" color="text.secondary">
                {line.detail}
              </Typography>
            )}
          </Stack>
          {decision ? (
            <Chip
              size="small"
              color={decision.decision === 'verified' ? 'success' : 'error'}
              label={`${decision.decision === 'verified' ? 'Verified' : 'Rejected'} by ${decision.verifierName}, ${formatDate(decision.decidedAt)}`}
              sx={{ alignSelf: { sm: 'flex-start' }, maxWidth: '100%' }}
            />
          ) : (
            <Chip size="small" variant="outlined" label="Not verified" sx={{ alignSelf: { sm: 'flex-start' } }} />
          )}
        </Stack>
        {decision?.note && (
          <Typography variant="body2" color="text.secondary">
            Note: {decision.note}
          </Typography>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        {records.canVerify && (
          <Stack spacing={1}>
            {rejecting && (
              <TextField
                label="Why is it rejected?"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                multiline
                minRows={2}
                autoFocus
                slotProps={{ htmlInput: { maxLength: VERIFICATION_LIMITS.note } }}
              />
            )}
            <Stack direction="row" spacing={1}>
              {rejecting ? (
                <>
                  <Button
                    size="small"
                    color="error"
                    variant="contained"
                    disabled={decide.isPending || !note.trim()}
                    onClick={() => send('rejected')}
                  >
                    Reject with this note
                  </Button>
                  <Button size="small" onClick={() => setRejecting(false)}>
                    Cancel
                  </Button>
                </>
              ) : (
                <>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={decide.isPending}
                    aria-label={`Verify ${line.title}`}
                    onClick={() => send('verified')}
                  >
                    Verify
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={decide.isPending}
                    aria-label={`Reject ${line.title}`}
                    onClick={() => setRejecting(true)}
                  >
                    Reject
                  </Button>
                </>
              )}
            </Stack>
          </Stack>
        )}
      </Stack>
    </ListItem>
  );
}

/** A verifier's view of one member's records, each verified or rejected with a note. */
export function MemberRecordsDialog({
  groupId,
  userId,
  name,
  onClose,
}: {
  groupId: string;
  userId: number;
  name: string;
  onClose: () => void;
}) {
  const records = useMemberRecords(groupId, userId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="records-dialog-title">
      <DialogTitle id="records-dialog-title">Records of {name}</DialogTitle>
      <DialogContent>
        {records.isPending ? (
          <Skeleton variant="rounded" height={160} />
        ) : records.isError ? (
          <Alert severity="error">These records could not be loaded.</Alert>
        ) : (
          <Stack spacing={3}>
            {!records.data.canVerify && (
              <Alert severity="info">You can see these records; only verifiers of this group can verify them.</Alert>
            )}
            {recordLines(records.data).map((section) => (
              <Stack key={section.heading} spacing={1} component="section" aria-label={section.heading}>
                <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500 }}>
                  {section.heading}
                </Typography>
                {section.lines.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    Nothing added yet.
                  </Typography>
                ) : (
                  <List disablePadding>
                    {section.lines.map((line) => (
                      <RecordRow key={line.id} line={line} records={records.data} groupId={groupId} />
                    ))}
                  </List>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
