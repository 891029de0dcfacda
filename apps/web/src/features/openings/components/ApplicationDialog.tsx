import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AnswerValue,
  APPLICATION_STATUS_LABELS,
  type FormField,
  isContactField,
  type ReceivedApplicationDetail,
} from '@placely/contract';
import type { ReactNode } from 'react';
import { VerifiedBadge } from '../../../lib/components/VerifiedBadge';
import { showError } from '../../../lib/snackbar';
import { openFile } from '../../../lib/uploads/fileLink';
import { changesBetween, filesOf, formatAnswer, formatLeafAnswer } from '../answers';
import { useApplication } from '../api/getApplication';
import { formatDateTime } from '../dateTime';

function FileButtons({ field, value }: { field: FormField; value: AnswerValue | undefined }) {
  const files = filesOf(field, value);
  if (files.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
      {files.map((file) => (
        <Button
          key={file.fileId}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => openFile(file.fileId).catch(showError)}
          aria-label={`Download ${file.name}`}
        >
          {file.name}
        </Button>
      ))}
    </Stack>
  );
}

/** A contact question the server left out for this viewer (issue 40 defect 8): not "Not answered". */
const HIDDEN_CONTACT = 'Hidden (contact details are not shared with your role)';

function AnswerView({
  field,
  value,
  contactsHidden,
}: {
  field: FormField;
  value: AnswerValue | undefined;
  contactsHidden: boolean;
}) {
  if (contactsHidden && value === undefined && isContactField(field)) {
    return <Typography color="text.secondary">{HIDDEN_CONTACT}</Typography>;
  }
  if (field.type === 'repeatableGroup') {
    const rows = Array.isArray(value) ? value : [];
    if (rows.length === 0) return <Typography color="text.secondary">No rows</Typography>;
    return (
      <Stack spacing={1}>
        {rows.map((row, index) => (
          // Rows have no ids of their own; their position is their identity in this answer.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Box key={index} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
            <Typography variant="caption" color="text.secondary">
              Row {index + 1}
            </Typography>
            {field.fields.map((sub) => {
              const cell = (row as Record<string, unknown>)[sub.id];
              return (
                <Box key={sub.id}>
                  <Typography variant="body2">
                    <strong>{sub.label}:</strong>{' '}
                    {contactsHidden && cell === undefined && isContactField(sub)
                      ? HIDDEN_CONTACT
                      : formatLeafAnswer(sub, cell) || '—'}
                  </Typography>
                  {sub.type === 'fileUpload' && <FileButtons field={sub} value={cell as AnswerValue} />}
                </Box>
              );
            })}
          </Box>
        ))}
      </Stack>
    );
  }
  const text = formatAnswer(field, value);
  return (
    <>
      {field.type !== 'fileUpload' && (
        <Typography
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          color={text ? 'text.primary' : 'text.secondary'}
        >
          {text || 'Not answered'}
        </Typography>
      )}
      {field.type === 'fileUpload' && !text && <Typography color="text.secondary">No file</Typography>}
      <FileButtons field={field} value={value} />
    </>
  );
}

function Answers({ detail }: { detail: ReceivedApplicationDetail }) {
  const form = detail.forms.find((item) => item.version === detail.formVersion);
  if (!form) return <Alert severity="warning">The form version these answers were given to is missing.</Alert>;
  return (
    <Stack spacing={3}>
      {form.definition.sections.map((section) => (
        <Box key={section.id} component="section" aria-label={section.title || 'Section'}>
          {section.title && (
            <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}>
              {section.title}
            </Typography>
          )}
          <Stack spacing={1.5} divider={<Divider flexItem />}>
            {section.fields.map((field) => {
              const verified = detail.verifiedAnswers[field.id];
              return (
                <Box key={field.id}>
                  <Typography variant="subtitle2" color="text.secondary">
                    {field.label}
                    {verified && <VerifiedBadge badge={verified} compact />}
                  </Typography>
                  <AnswerView
                    field={field}
                    value={detail.answers[field.id]}
                    contactsHidden={detail.applicant.email === null}
                  />
                </Box>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function Revisions({ detail }: { detail: ReceivedApplicationDetail }) {
  if (detail.revisions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="application-revisions">
      <Typography id="application-revisions" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}>
        History
      </Typography>
      <Stack component="ol" spacing={1.5} sx={{ pl: 2.5, m: 0 }}>
        {detail.revisions.map((revision, index) => {
          const previous = index > 0 ? detail.revisions[index - 1] : undefined;
          const changes = previous ? changesBetween(previous, revision, detail.forms) : [];
          return (
            <Box component="li" key={revision.revision}>
              <Typography variant="body2">
                <strong>{previous ? `Edited (revision ${revision.revision})` : 'Submitted'}</strong> ·{' '}
                {formatDateTime(revision.at)} · form version {revision.formVersion}
              </Typography>
              {previous && changes.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  No answer changed.
                </Typography>
              )}
              {changes.length > 0 && (
                <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
                  {changes.map((change) => (
                    <Typography component="li" variant="body2" key={change.fieldId} sx={{ wordBreak: 'break-word' }}>
                      {change.label}: <s>{change.before || 'empty'}</s> → {change.after || 'empty'}
                    </Typography>
                  ))}
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

/**
 * The candidate side panel: a drawer from the right (full width on phones) with the applicant, verified records, what
 * other features add (the page passes the pipeline's details: stage, history, tags, notes, ratings), every answer
 * labelled by the form version it answered, files (opening a resume records the view) and every revision. Escape or
 * Close returns focus to the row that opened it.
 */
export function ApplicationDialog({
  openingId,
  applicationId,
  onClose,
  renderExtra,
}: {
  openingId: string;
  applicationId: string | null;
  onClose: () => void;
  /** More about the application from other features (the page passes the stage history). */
  renderExtra?: (applicationId: string) => ReactNode;
}) {
  const application = useApplication(openingId, applicationId);
  const detail = application.data;
  return (
    <Drawer
      anchor="right"
      open={applicationId !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 600 }, maxWidth: '100%' },
          role: 'dialog',
          'aria-labelledby': 'candidate-panel-title',
        },
      }}
    >
      <Typography
        id="candidate-panel-title"
        variant="h2"
        sx={{ fontSize: '1.25rem', p: 2, pr: 7, position: 'relative' }}
      >
        {detail ? (detail.applicant.name ?? detail.applicant.email ?? 'Applicant') : 'Application'}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </Typography>
      <Divider />
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        {application.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading the application" />
          </Box>
        )}
        {application.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => application.refetch()}>
                Try again
              </Button>
            }
          >
            {application.error.message}
          </Alert>
        )}
        {detail && (
          <Stack spacing={3}>
            <Box>
              {detail.applicant.email && <Typography>{detail.applicant.email}</Typography>}
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }}>
                <Chip size="small" label={APPLICATION_STATUS_LABELS[detail.status]} />
                <Chip size="small" variant="outlined" label={`Form version ${detail.formVersion}`} />
                {detail.revision > 1 && (
                  <Chip size="small" variant="outlined" label={`Edited ${detail.revision - 1}×`} />
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Submitted {formatDateTime(detail.submittedAt)}
                {detail.revision > 1 && <> · last changed {formatDateTime(detail.updatedAt)}</>}
              </Typography>
            </Box>
            {detail.verifiedRecords.length > 0 && (
              <Box component="section" aria-labelledby="application-verified-records">
                <Typography
                  id="application-verified-records"
                  variant="h3"
                  sx={{ fontSize: '1.05rem', fontWeight: 500, mb: 1 }}
                >
                  Verified records
                </Typography>
                <Stack component="ul" spacing={0.5} sx={{ pl: 0, m: 0, listStyle: 'none' }}>
                  {detail.verifiedRecords.map((record) => (
                    <Typography component="li" key={`${record.recordKind}-${record.recordId}`} variant="body2">
                      {record.title}
                      <VerifiedBadge badge={record} />
                    </Typography>
                  ))}
                </Stack>
              </Box>
            )}
            {renderExtra?.(detail.id)}
            <Answers detail={detail} />
            <Revisions detail={detail} />
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}
