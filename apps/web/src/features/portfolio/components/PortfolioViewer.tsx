import GitHubIcon from '@mui/icons-material/GitHub';
import LanguageIcon from '@mui/icons-material/Language';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import PrintIcon from '@mui/icons-material/Print';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EXPERIENCE_KIND_LABELS,
  GRADE_SCALE_LABELS,
  OFFER_KIND_LABELS,
  OFFER_STATUS_LABELS,
  OTHER_KIND_LABELS,
  PORTFOLIO_SECTION_LABELS,
  type PortfolioSection,
  type PortfolioView,
  type RecordKind,
  SKILL_LEVEL_LABELS,
  type VerificationBadge,
} from '@placely/contract';
import type { ReactNode } from 'react';
import { VerifiedBadge } from '../../../lib/components/VerifiedBadge';
import { formatMonth, formatRange } from '../../../lib/months';

const join = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');

function Item({
  title,
  meta,
  badge,
  children,
}: {
  title: string;
  meta?: string;
  badge?: VerificationBadge | undefined;
  children?: ReactNode;
}) {
  return (
    <Box component="li" sx={{ breakInside: 'avoid', mb: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 500 }}>
        {title}
        {badge && <VerifiedBadge badge={badge} />}
      </Typography>
      {meta && (
        <Typography variant="body2" color="text.secondary">
          {meta}
        </Typography>
      )}
      {children}
    </Box>
  );
}

const Paragraph = ({ text }: { text: string | null }) =>
  text ? (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
      {text}
    </Typography>
  ) : null;

function sectionContent(view: PortfolioView, section: PortfolioSection): ReactNode {
  const badgeOf = (kind: RecordKind, id: string) =>
    view.badges.find((badge) => badge.recordKind === kind && badge.recordId === id);
  switch (section) {
    case 'education':
      return view.education.map((entry) => (
        <Item
          key={entry.id}
          badge={badgeOf('education', entry.id)}
          title={entry.institutionName}
          meta={join(entry.degree, entry.fieldOfStudy, formatRange(entry.startMonth, entry.endMonth, entry.isCurrent))}
        >
          {entry.grade !== null && entry.gradeScale && (
            <Typography variant="body2">
              {GRADE_SCALE_LABELS[entry.gradeScale]}: {entry.grade}
            </Typography>
          )}
        </Item>
      ));
    case 'experience':
      return view.experience.map((entry) => (
        <Item
          key={entry.id}
          badge={badgeOf('experience', entry.id)}
          title={`${entry.title}, ${entry.organization}`}
          meta={join(
            EXPERIENCE_KIND_LABELS[entry.kind],
            formatRange(entry.startMonth, entry.endMonth, entry.isCurrent),
            entry.location,
          )}
        >
          <Paragraph text={entry.description} />
        </Item>
      ));
    case 'projects':
      return view.projects.map((entry) => (
        <Item
          key={entry.id}
          title={entry.title}
          meta={join(entry.role, formatRange(entry.startMonth, entry.endMonth, entry.isCurrent, 'Ongoing'))}
        >
          <Paragraph text={entry.description} />
          {entry.technologies.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {entry.technologies.map((technology) => (
                <Chip key={technology} size="small" label={technology} variant="outlined" />
              ))}
            </Stack>
          )}
          {entry.link && (
            <Link href={entry.link} target="_blank" rel="noopener noreferrer" variant="body2">
              {entry.link}
            </Link>
          )}
        </Item>
      ));
    case 'skills':
      return (
        <Stack component="li" direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {view.skills.map((skill) => (
            <Chip key={skill.id} label={`${skill.name} · ${SKILL_LEVEL_LABELS[skill.level]}`} />
          ))}
        </Stack>
      );
    case 'others':
      return view.others.map((entry) => (
        <Item
          key={entry.id}
          badge={badgeOf('other', entry.id)}
          title={entry.title}
          meta={join(OTHER_KIND_LABELS[entry.kind], entry.issuer, formatMonth(entry.month))}
        >
          <Paragraph text={entry.description} />
        </Item>
      ));
    case 'placements':
      return view.placements.map((entry) => (
        <Item
          key={entry.id}
          badge={badgeOf('placement', entry.id)}
          title={`${entry.role}, ${entry.organization}`}
          meta={join(OFFER_KIND_LABELS[entry.offerKind], OFFER_STATUS_LABELS[entry.status], formatMonth(entry.month))}
        />
      ));
  }
}

const isEmpty = (view: PortfolioView, section: PortfolioSection) => view[section].length === 0;

/** The public portfolio page: a clean, printable one-column profile of what its owner chose to show. */
export function PortfolioViewer({ view }: { view: PortfolioView }) {
  const { person } = view;
  const links = [
    person.linkedin && { href: person.linkedin, label: 'LinkedIn', icon: <LinkedInIcon fontSize="small" /> },
    person.github && { href: person.github, label: 'GitHub', icon: <GitHubIcon fontSize="small" /> },
    person.website && { href: person.website, label: 'Website', icon: <LanguageIcon fontSize="small" /> },
  ].filter(Boolean) as Array<{ href: string; label: string; icon: ReactNode }>;

  return (
    <Box component="article" sx={{ maxWidth: 820, mx: 'auto', '@media print': { maxWidth: 'none' } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
        <Avatar src={person.photo ?? undefined} alt="" sx={{ width: 96, height: 96, fontSize: 40 }}>
          {person.name.slice(0, 1)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' } }}>
            {person.name}
          </Typography>
          {person.headline && (
            <Typography variant="h2" sx={{ fontSize: '1.15rem', color: 'text.secondary', fontWeight: 400 }}>
              {person.headline}
            </Typography>
          )}
          {person.location && <Typography color="text.secondary">{person.location}</Typography>}
          {links.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1 }}>
              {links.map((link) => (
                <Link
                  key={link.label}
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                >
                  {link.icon}
                  {link.label}
                </Link>
              ))}
            </Stack>
          )}
        </Box>
        <Button
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          // The small entry of the server-rendered page prints before the app has loaded (main.tsx).
          data-app-action="print"
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, displayPrint: 'none' }}
        >
          Print
        </Button>
      </Stack>
      {person.about && <Typography sx={{ whiteSpace: 'pre-line', mb: 3 }}>{person.about}</Typography>}
      {view.sections
        .filter((section) => !isEmpty(view, section))
        .map((section) => (
          <Box component="section" key={section} aria-labelledby={`portfolio-${section}`} sx={{ mb: 3 }}>
            <Typography id={`portfolio-${section}`} variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
              {PORTFOLIO_SECTION_LABELS[section]}
            </Typography>
            <Divider sx={{ mb: 2 }} />
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {sectionContent(view, section)}
            </Box>
          </Box>
        ))}
    </Box>
  );
}
