import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../useDocumentTitle';

export interface PageProps {
  /** Document title part ("Profile" → "Profile · Placely"); also the heading unless `heading` is given. */
  title?: string;
  heading?: ReactNode;
  intro?: ReactNode;
  maxWidth?: number;
  children?: ReactNode;
}

/** A page: document title, one level-1 heading and a readable content width. */
export function Page({ title, heading, intro, maxWidth = 960, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ maxWidth, mx: 'auto', width: '100%' }}>
      {(heading ?? title) && (
        <Typography variant="h1" sx={{ mb: intro ? 1 : 3, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          {heading ?? title}
        </Typography>
      )}
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}
