import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Section } from '../../../lib/components/Section';
import { formatDateTime } from '../../../lib/dates';
import { showError, showSuccess } from '../../../lib/snackbar';
import { openFile } from '../../../lib/uploads/fileLink';
import { useAnswerNotice } from '../api/answerNotice';
import { useMyNotices } from '../api/getMyNotices';

/** The cycle's notices that reached the student: read on sight, acknowledged with one button where asked. */
export function MyNotices({ cycleId }: { cycleId: string }) {
  const notices = useMyNotices(cycleId);
  const answer = useAnswerNotice(cycleId);
  const unread = notices.data?.items.filter((notice) => notice.readAt === null).map((notice) => notice.id) ?? [];
  const unreadKey = unread.join(',');
  // Shown is read: the cell sees it as read once the student has had the cycle's page in front of them.
  const markRead = answer.mutate;
  useEffect(() => {
    for (const noticeId of unreadKey ? unreadKey.split(',') : []) markRead({ noticeId, acknowledge: false });
  }, [unreadKey, markRead]);
  return (
    <Section title="Notices">
      {notices.isError && <Alert severity="error">The notices could not be loaded.</Alert>}
      {notices.data?.items.length === 0 && <Typography color="text.secondary">No notice yet.</Typography>}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {notices.data?.items.map((notice) => (
          <Stack component="li" key={notice.id} spacing={0.75} sx={{ borderBottom: 1, borderColor: 'divider', pb: 2 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {notice.title}
              </Typography>
              {notice.readAt === null && <Chip size="small" color="primary" label="New" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(notice.createdAt)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{notice.body}</Typography>
            {notice.attachments.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                {notice.attachments.map((file) => (
                  <Button
                    key={file.id}
                    size="small"
                    variant="outlined"
                    onClick={() => openFile(file.id).catch(showError)}
                  >
                    {file.name}
                  </Button>
                ))}
              </Stack>
            )}
            {notice.requiresAck &&
              (notice.acknowledgedAt ? (
                <Typography variant="body2" color="success.main">
                  You acknowledged this {formatDateTime(notice.acknowledgedAt)}.
                </Typography>
              ) : (
                <Button
                  variant="contained"
                  size="small"
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() =>
                    answer.mutate(
                      { noticeId: notice.id, acknowledge: true },
                      { onSuccess: (result) => showSuccess(result.message), onError: (error) => showError(error) },
                    )
                  }
                >
                  I have read this
                </Button>
              ))}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
