import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PersonSummary } from '@placely/contract';
import { formatMonth } from '../months';

/** A person as organizations see them in requests, members and followers: name, headline, education. */
export function PersonSummaryLine({ person }: { person: PersonSummary }) {
  const education = person.education
    ? [
        person.education.degree,
        person.education.institutionName,
        person.education.endMonth && `until ${formatMonth(person.education.endMonth)}`,
      ]
        .filter(Boolean)
        .join(' · ')
    : person.institutionName;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar src={person.photo ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
        {person.name.slice(0, 1)}
      </Avatar>
      <Stack sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{person.name}</Typography>
        {person.headline && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {person.headline}
          </Typography>
        )}
        {education && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {education}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
