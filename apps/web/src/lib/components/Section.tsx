import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export interface SectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A titled card section (an accessible region named by its heading). */
export function Section({ title, description, children }: SectionProps) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: description ? 0.5 : 2 }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
