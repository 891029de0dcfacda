import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SignInButton } from './SignInButton';

export interface SignInPromptProps {
  /** Heading level 2 text, e.g. "Sign in to edit your profile". */
  title?: string;
  description?: string;
  next?: string | null;
}

/** A card asking an anonymous visitor to sign in. */
export function SignInPrompt({
  title = 'Sign in to continue',
  description = 'Use your Google account to sign in to Placely.',
  next,
}: SignInPromptProps) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 520, mx: 'auto' }}>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography color="text.secondary">{description}</Typography>
          <SignInButton next={next ?? null} variant="outlined" />
        </Stack>
      </CardContent>
    </Card>
  );
}
