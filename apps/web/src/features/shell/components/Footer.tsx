import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../../app/paths';

const LINKS = [
  { label: 'About us', to: PATHS.aboutUs },
  { label: 'Contact us', to: PATHS.contactUs },
  { label: 'Privacy policy', to: PATHS.privacyPolicy },
  { label: 'Terms and conditions', to: PATHS.termsAndConditions },
];

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 2, sm: 3 }, py: 2 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} Placely
        </Typography>
        <Box component="nav" aria-label="Footer">
          <Stack component="ul" direction="row" sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', gap: 2 }}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link component={RouterLink} to={link.to} variant="body2" color="text.secondary">
                  {link.label}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
