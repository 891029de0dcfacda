import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fieldBlockId } from './formContext';

/** A problem of the error summary: the field's path, its name as the person reads it, and the message. */
export interface Problem {
  path: string;
  label: string;
  message: string;
}

/**
 * The error summary at the top of the form after a failed submit (the GOV.UK pattern, issue 40): how many answers
 * need attention and a link to each, which moves focus to that field. Focus itself goes to the first invalid field.
 */
export function ErrorSummary({ problems, onGoTo }: { problems: Problem[]; onGoTo: (path: string) => void }) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" role="region" aria-labelledby="apply-error-summary" data-testid="apply-error-summary">
      <Typography id="apply-error-summary" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {problems.length === 1 ? 'One answer needs attention' : `${problems.length} answers need attention`}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem) => (
          <li key={problem.path}>
            {/* A plain link: MUI's Link would add to the form page's first load (its budget). */}
            <a
              href={`#${fieldBlockId(problem.path)}`}
              style={{ color: 'inherit' }}
              onClick={(event) => {
                event.preventDefault();
                onGoTo(problem.path);
              }}
            >
              {problem.label}: {problem.message}
            </a>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
