import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Answers, FormDefinition, LeafField, VerifiedAnswers } from '@placely/contract';
import { errorMessage } from '../../../lib/api/errors';
import { VerifiedBadge } from '../../../lib/components/VerifiedBadge';
import { showError } from '../../../lib/snackbar';
import { openFile } from '../../../lib/uploads/fileLink';
import { formatLeafAnswer, isFileAnswer } from '../formValues';

function LeafAnswer({ field, value }: { field: LeafField; value: unknown }) {
  const text = formatLeafAnswer(field, value);
  if (!text) {
    return (
      <Typography component="span" color="text.secondary">
        Not answered
      </Typography>
    );
  }
  if (field.type === 'fileUpload' && isFileAnswer(value)) {
    return (
      <Button
        size="small"
        sx={{ px: 0, textTransform: 'none', justifyContent: 'flex-start' }}
        aria-label={`Download ${value.name}`}
        onClick={() => openFile(value.fileId).catch((failure: unknown) => showError(errorMessage(failure)))}
      >
        {value.name}
      </Button>
    );
  }
  return (
    <Typography component="span" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}

/** The answers as sent, question by question (groups row by row), for the confirmation screen. */
export function ApplicationSummary({
  definition,
  answers,
  verifiedAnswers = {},
}: {
  definition: FormDefinition;
  answers: Answers;
  /** Answers a verified record backs get its badge. */
  verifiedAnswers?: VerifiedAnswers;
}) {
  return (
    <Box>
      {definition.sections.map((section) => (
        <Box key={section.id} component="section" sx={{ mb: 2.5 }} aria-label={section.title || undefined}>
          {section.title && (
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
              {section.title}
            </Typography>
          )}
          <Box component="dl" sx={{ m: 0 }}>
            {section.fields.map((field) => {
              const value = answers[field.id];
              const badge = verifiedAnswers[field.id];
              return (
                <Box key={field.id} sx={{ mb: 1.5 }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {field.label}
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    {field.type === 'repeatableGroup' ? (
                      Array.isArray(value) && value.length > 0 ? (
                        <Box component="ol" sx={{ m: 0, pl: 3 }}>
                          {value.map((row, index) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids; their order is the answer
                            <li key={index}>
                              {field.fields.map((sub) => (
                                <Box key={sub.id}>
                                  <Typography component="span" variant="body2" color="text.secondary">
                                    {sub.label}:{' '}
                                  </Typography>
                                  <LeafAnswer field={sub} value={row[sub.id]} />
                                </Box>
                              ))}
                            </li>
                          ))}
                        </Box>
                      ) : (
                        <Typography color="text.secondary">No rows</Typography>
                      )
                    ) : (
                      <>
                        <LeafAnswer field={field} value={value} />
                        {badge && <VerifiedBadge badge={badge} compact />}
                      </>
                    )}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
