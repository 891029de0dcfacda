import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MERGE_FIELDS, MESSAGE_LIMITS, unknownMergeFieldMessage, unknownMergeFields } from '@placely/contract';
import { useTemplates } from '../api/listTemplates';

export interface Letter {
  templateId: string;
  subject: string;
  body: string;
  sendLater: boolean;
  /** `datetime-local` value, in the viewer's time zone. */
  sendAt: string;
}
export const EMPTY_LETTER: Letter = { templateId: '', subject: '', body: '', sendLater: false, sendAt: '' };

const mergeError = (text: string) => {
  const [first] = unknownMergeFields(text);
  return first === undefined ? null : unknownMergeFieldMessage(first);
};

/** Why the letter cannot be sent yet, or null. */
export function letterProblem(letter: Letter): string | null {
  if (!letter.subject.trim()) return 'Write a subject';
  if (!letter.body.trim()) return 'Write a message';
  const merge = mergeError(letter.subject) ?? mergeError(letter.body);
  if (merge) return merge;
  if (letter.sendLater) {
    const at = Date.parse(letter.sendAt);
    if (Number.isNaN(at) || at <= Date.now()) return 'Choose a time in the future';
  }
  return null;
}

/** The request's part of a letter: subject, body, template and (when later) the time as ISO. */
export function letterBody(letter: Letter) {
  return {
    letter: {
      subject: letter.subject,
      body: letter.body,
      ...(letter.templateId ? { templateId: letter.templateId } : {}),
    },
    ...(letter.sendLater && letter.sendAt ? { sendAt: new Date(letter.sendAt).toISOString() } : {}),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A `datetime-local` value for a moment, in the viewer's zone. */
const localValue = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/**
 * Subject and message with merge fields, written from one of the organization's templates or from scratch, sent now
 * or at a chosen time. Unknown merge fields are named before sending, as the server would.
 */
export function LetterFields({ value, onChange }: { value: Letter; onChange: (next: Letter) => void }) {
  const templates = useTemplates(1);
  const items = templates.data?.items ?? [];
  const subjectError = mergeError(value.subject);
  const bodyError = mergeError(value.body);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Template"
        value={value.templateId}
        onChange={(event) => {
          const chosen = items.find((template) => template.id === event.target.value);
          onChange(
            chosen
              ? { ...value, templateId: chosen.id, subject: chosen.subject, body: chosen.body }
              : { ...value, templateId: '' },
          );
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        helperText={
          templates.data && templates.data.total > items.length
            ? `The first ${items.length} of ${templates.data.total} templates, by name`
            : undefined
        }
      >
        <MenuItem value="">No template</MenuItem>
        {items.map((template) => (
          <MenuItem key={template.id} value={template.id}>
            {template.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Subject"
        required
        value={value.subject}
        onChange={(event) => onChange({ ...value, subject: event.target.value })}
        error={subjectError !== null}
        helperText={subjectError ?? undefined}
        slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.subject } }}
      />
      <TextField
        label="Message"
        required
        multiline
        minRows={4}
        value={value.body}
        onChange={(event) => onChange({ ...value, body: event.target.value })}
        error={bodyError !== null}
        helperText={bodyError ?? `Merge fields: ${MERGE_FIELDS.map((field) => `{{${field}}}`).join(', ')}`}
        slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.body } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={value.sendLater}
            onChange={(event) =>
              onChange({
                ...value,
                sendLater: event.target.checked,
                sendAt: value.sendAt || localValue(new Date(Date.now() + 3_600_000)),
              })
            }
          />
        }
        label="Send later"
      />
      {value.sendLater && (
        <TextField
          type="datetime-local"
          label="Send at"
          value={value.sendAt}
          onChange={(event) => onChange({ ...value, sendAt: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={
            <Typography component="span" variant="caption">
              Your local time. Until then it can be cancelled from the candidate’s messages.
            </Typography>
          }
        />
      )}
    </Stack>
  );
}
