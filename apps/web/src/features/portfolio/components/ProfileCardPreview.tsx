import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useProfileCard } from '../api/getProfileCard';

/** How a public portfolio's link introduces you: the profile card others see (name, headline, skills). */
export function ProfileCardPreview({ portfolioId, onClose }: { portfolioId: string | null; onClose: () => void }) {
  const card = useProfileCard(portfolioId);
  return (
    <Dialog open={portfolioId !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Your profile card</DialogTitle>
      <DialogContent>
        {card.isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : card.data ? (
          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
                <Avatar src={card.data.photo ?? undefined} alt="">
                  {card.data.name.slice(0, 1)}
                </Avatar>
                <div>
                  <Typography sx={{ fontWeight: 500 }}>{card.data.name}</Typography>
                  {card.data.headline && (
                    <Typography variant="body2" color="text.secondary">
                      {card.data.headline}
                    </Typography>
                  )}
                </div>
              </Stack>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {card.data.skills.slice(0, 12).map((skill) => (
                  <Chip key={skill} size="small" label={skill} />
                ))}
              </Stack>
            </CardContent>
          </Card>
        ) : (
          <Typography color="text.secondary">Only public portfolios have a profile card.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
