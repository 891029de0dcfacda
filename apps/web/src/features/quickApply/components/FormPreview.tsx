import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { type FormDefinition, fieldsOf } from '@placely/contract';
import { useRef, useState } from 'react';
import { type FormValues, toDraftAnswers, toFormValues } from '../formValues';
import { QuickApplyForm } from './QuickApplyForm';

export interface FormPreviewProps {
  definition: FormDefinition;
}

/**
 * The form exactly as an applicant sees it, for the organization's builder: every question, limit and validation
 * message works, but nothing is uploaded (chosen files are only checked) and "Submit" only says whether the answers
 * would be accepted. Answers typed into the preview survive edits to the definition where the field still fits.
 */
export function FormPreview({ definition }: FormPreviewProps) {
  const lastValues = useRef<FormValues>({});
  const [checked, setChecked] = useState(false);
  // The form remounts when the definition changes (its schema and fields change with it), starting from what was
  // typed so far wherever it still fits.
  const version = JSON.stringify(definition);
  const start = useRef<{ version: string; values: FormValues } | null>(null);
  if (start.current?.version !== version) {
    start.current = { version, values: toFormValues(definition, lastValues.current) };
  }
  const initialValues = start.current.values;

  if (fieldsOf(definition).length === 0) {
    return <Alert severity="info">Add a question to see the form as applicants will.</Alert>;
  }
  return (
    <Stack spacing={2}>
      <QuickApplyForm
        key={version}
        definition={definition}
        initialValues={initialValues}
        mode="preview"
        submitLabel="Submit application"
        onValuesChange={(values) => {
          lastValues.current = toDraftAnswers(definition, values);
          setChecked(false);
        }}
        onSubmit={async () => setChecked(true)}
      />
      {checked && (
        <Alert severity="success" role="status">
          Preview: these answers would be accepted. Nothing was sent.
        </Alert>
      )}
    </Stack>
  );
}
