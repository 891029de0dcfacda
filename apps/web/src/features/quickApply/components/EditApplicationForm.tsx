import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Answers, Application, FormDefinition } from '@placely/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api/errors';
import { useEditApplication } from '../api/editApplication';
import { formatDateTime } from '../describe';
import { readLocalDraft } from '../draftStorage';
import { toFormValues } from '../formValues';
import { useDraftAutosave } from '../useDraftAutosave';
import { DraftStatus } from './DraftStatus';
import { QuickApplyForm } from './QuickApplyForm';

export interface EditApplicationFormProps {
  application: Application;
  definition: FormDefinition;
  userId: number;
  cancelTo: string;
  onEdited: (application: Application) => void;
  onRefused: (error: ApiError) => void;
}

/** Editing a sent application (a new revision; the organization keeps the earlier ones). Changes in progress stay on the device. */
export function EditApplicationForm({
  application,
  definition,
  userId,
  cancelTo,
  onEdited,
  onRefused,
}: EditApplicationFormProps) {
  const [start] = useState(() => {
    const local = readLocalDraft(application.openingId, userId, 'edit');
    const fresher = local && Date.parse(local.updatedAt) > Date.parse(application.updatedAt) ? local : null;
    return {
      values: toFormValues(definition, fresher?.answers ?? application.answers),
      restoredAt: fresher?.updatedAt,
    };
  });
  const autosave = useDraftAutosave({ openingId: application.openingId, userId, definition, purpose: 'edit' });
  const edit = useEditApplication();

  const onSubmit = async (answers: Answers) => {
    try {
      const edited = await edit.mutateAsync({ applicationId: application.id, answers });
      await autosave.discard({ server: false });
      onEdited(edited);
    } catch (error) {
      if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
        onRefused(error);
        return;
      }
      throw error;
    }
  };

  return (
    <Stack spacing={2.5}>
      <Alert severity="info" role="status">
        You are editing the application you sent {formatDateTime(application.submittedAt)}. The organization sees your
        latest answers and keeps the earlier versions.
        {start.restoredAt && ` Your unsent changes from ${formatDateTime(start.restoredAt)} are back.`}
      </Alert>
      <QuickApplyForm
        definition={definition}
        initialValues={start.values}
        savedResumes
        mode="apply"
        submitLabel="Save changes"
        onSubmit={onSubmit}
        onValuesChange={autosave.onValuesChange}
        actions={
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={cancelTo} onClick={() => void autosave.discard({ server: false })}>
              Cancel
            </Button>
            <DraftStatus status={autosave.status} onlyOnDevice />
          </Stack>
        }
      />
    </Stack>
  );
}
