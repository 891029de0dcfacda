import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { type AnswerValue, type FormDefinition, fieldsOf, type LinkPrefill } from '@placely/contract';

/** An answer from the link in words (choice labels, Yes/No). */
function shown(definition: FormDefinition, questionId: string, value: AnswerValue | undefined): string {
  const field = fieldsOf(definition).find((candidate) => candidate.id === questionId);
  if (value === undefined || value === null || !field) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'object') return String(value);
  const labelOf = (id: string) =>
    ('options' in field ? field.options.find((option) => option.id === id)?.label : undefined) ?? id;
  if ('optionId' in value) return value.otherText ? `Other: ${value.otherText}` : labelOf(value.optionId);
  if ('optionIds' in value) return value.optionIds.map(labelOf).join(', ');
  return '';
}

/**
 * What the link filled in and what it could not: shown above the form (and on the signed-out page, where the
 * values are used once the person signs in and applies).
 */
export function LinkPrefillNotice({
  definition,
  prefill,
  signedOut = false,
}: {
  definition: FormDefinition;
  prefill: LinkPrefill;
  signedOut?: boolean;
}) {
  const filled = Object.keys(prefill.answers);
  const labelOf = (id: string) => fieldsOf(definition).find((field) => field.id === id)?.label ?? id;
  return (
    <>
      {filled.length > 0 && (
        <Alert severity="info" data-testid="link-prefill">
          <Typography variant="body2">
            {signedOut
              ? 'The link you opened fills in these answers once you sign in:'
              : 'The link you opened filled in these answers (you can change them):'}
          </Typography>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {filled.map((id) => (
              <li key={id}>
                {labelOf(id)}: {shown(definition, id, prefill.answers[id])}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {prefill.ignored.length > 0 && (
        <Alert severity="warning" data-testid="link-prefill-ignored">
          <Typography variant="body2">Some values in the link were ignored:</Typography>
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {prefill.ignored.map((item) => (
              <li key={`${item.questionId}-${item.reason}`}>
                {item.label ?? `“${item.questionId}”`}: {item.reason}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
