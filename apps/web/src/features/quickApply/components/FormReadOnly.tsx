import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CONTENT_TYPES,
  FILE_RULES,
  type FormDefinition,
  type FormField,
  formatBytes,
  type LeafField,
} from '@placely/contract';

const TYPE_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(CONTENT_TYPES).map(([name, type]) => [type, name === 'docx' ? 'Word (.docx)' : name.toUpperCase()]),
);

/** What kind of answer a question takes, in words (read-only view, no inputs). */
function answerKind(field: LeafField): string {
  switch (field.type) {
    case 'shortText':
      return 'Short answer';
    case 'paragraph':
      return 'Long answer';
    case 'number':
      return 'A number';
    case 'email':
      return 'An email address';
    case 'phone':
      return 'A phone number';
    case 'url':
      return 'A web address';
    case 'date':
      return 'A date';
    case 'singleChoice':
      return field.allowOther ? 'Choose one, or write your own' : 'Choose one';
    case 'multipleChoice':
      return field.allowOther ? 'Choose any, or write your own' : 'Choose any';
    case 'dropdown':
      return 'Choose one from a list';
    case 'yesNo':
      return 'Yes or no';
    case 'linearScale': {
      const low = field.minLabel ? ` (${field.minLabel})` : '';
      const high = field.maxLabel ? ` (${field.maxLabel})` : '';
      return `A scale from ${field.scaleMin}${low} to ${field.scaleMax}${high}`;
    }
    case 'fileUpload': {
      const types =
        field.acceptedTypes.length > 0
          ? field.acceptedTypes.map((type) => TYPE_NAMES[type] ?? type).join(', ')
          : FILE_RULES.application.label;
      return `A file: ${types}, up to ${formatBytes(field.maxBytes)}`;
    }
  }
}

function Question({ field }: { field: FormField }) {
  const options = 'options' in field ? field.options : null;
  return (
    <Box component="li" sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 500 }}>
        <span>{field.label}</span>
        {field.required && (
          <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
            {' '}
            (required)
          </Typography>
        )}
      </Typography>
      {field.helpText && (
        <Typography variant="body2" color="text.secondary">
          {field.helpText}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {field.type === 'repeatableGroup' ? 'One or more entries, each with:' : answerKind(field)}
      </Typography>
      {options && (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {options.map((option) => (
            <Typography component="li" variant="body2" key={option.id}>
              {option.label}
            </Typography>
          ))}
        </Box>
      )}
      {field.type === 'repeatableGroup' && (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {field.fields.map((sub) => (
            <Typography component="li" variant="body2" key={sub.id}>
              {sub.label}
              {sub.required ? ' (required)' : ''} — {answerKind(sub).toLowerCase()}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * Every question of a form, read-only: what a visitor can read before signing in (and what the server renders into
 * the page, so it shows without JavaScript).
 */
export function FormReadOnly({ definition }: { definition: FormDefinition }) {
  return (
    <Stack spacing={3}>
      {definition.sections.map((section, index) => (
        <Box component="section" key={section.id} aria-labelledby={`form-section-${section.id}`}>
          <Typography variant="h6" component="h3" id={`form-section-${section.id}`} sx={{ fontSize: '1.05rem' }}>
            {section.title || `Part ${index + 1}`}
          </Typography>
          {section.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {section.description}
            </Typography>
          )}
          <Box component="ol" sx={{ pl: 3, mt: 1, mb: 0 }}>
            {section.fields.map((field) => (
              <Question key={field.id} field={field} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
