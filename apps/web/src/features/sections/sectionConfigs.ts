import type { z } from '@placely/contract';
import {
  EXPERIENCE_KIND_LABELS,
  educationInputSchema,
  experienceInputSchema,
  GRADE_SCALE_LABELS,
  OFFER_KIND_LABELS,
  OFFER_STATUS_LABELS,
  OTHER_KIND_LABELS,
  otherInputSchema,
  placementInputSchema,
  projectInputSchema,
} from '@placely/contract';
import { formatMonth, formatRange } from '../../lib/months';
import type { SectionEntry } from './api/listEntries';
import { type FieldSpec, optionsFrom } from './components/fields';

export interface EntrySummary {
  primary: string;
  secondary?: string;
  detail?: string | null;
  chips?: string[];
}

export interface SectionConfig {
  path: string;
  title: string;
  intro: string;
  noun: string;
  nounTitle: string;
  emptyText: string;
  schema: z.ZodType;
  fields: readonly FieldSpec[];
  blank: Record<string, unknown>;
  summarize: (entry: SectionEntry) => EntrySummary;
}

const join = (...parts: unknown[]) => parts.filter((part) => typeof part === 'string' && part).join(' · ');

export const EDUCATION: SectionConfig = {
  path: '/api/individual/education',
  title: 'Education',
  intro: 'Schools, colleges and degrees. Your current or latest one fills in forms for you.',
  noun: 'education',
  nounTitle: 'Education',
  emptyText: 'No education yet. Add your college or school, degree and grade.',
  schema: educationInputSchema,
  fields: [
    { kind: 'text', name: 'institutionName', label: 'Institution', required: true },
    { kind: 'text', name: 'degree', label: 'Degree', required: true, width: 'half', helper: 'e.g. B.Tech, Class XII' },
    { kind: 'text', name: 'fieldOfStudy', label: 'Field or branch', width: 'half' },
    { kind: 'month', name: 'startMonth', label: 'Start', width: 'half' },
    { kind: 'month', name: 'endMonth', label: 'End (or expected)', width: 'half' },
    { kind: 'checkbox', name: 'isCurrent', label: 'I study here now' },
    { kind: 'number', name: 'grade', label: 'Grade', width: 'half' },
    {
      kind: 'select',
      name: 'gradeScale',
      label: 'Grade scale',
      options: optionsFrom(GRADE_SCALE_LABELS),
      width: 'half',
      allowEmpty: true,
    },
    { kind: 'number', name: 'currentBacklogs', label: 'Current backlogs', width: 'half', step: 1 },
    { kind: 'text', name: 'rollNumber', label: 'Roll number', width: 'half' },
  ],
  blank: {
    institutionName: '',
    degree: '',
    fieldOfStudy: '',
    startMonth: '',
    endMonth: '',
    isCurrent: false,
    grade: '',
    gradeScale: null,
    currentBacklogs: '',
    rollNumber: '',
  },
  summarize: (entry) => ({
    primary: String(entry.institutionName),
    secondary: join(
      join(entry.degree, entry.fieldOfStudy),
      formatRange(entry.startMonth, entry.endMonth, entry.isCurrent),
    ),
    detail:
      typeof entry.grade === 'number' && typeof entry.gradeScale === 'string'
        ? `${GRADE_SCALE_LABELS[entry.gradeScale as keyof typeof GRADE_SCALE_LABELS]}: ${entry.grade}`
        : null,
  }),
};

export const EXPERIENCE: SectionConfig = {
  path: '/api/individual/experience',
  title: 'Experience',
  intro: 'Internships, jobs and other work, newest first.',
  noun: 'experience',
  nounTitle: 'Experience',
  emptyText: 'No experience yet. Add an internship, a job or volunteer work.',
  schema: experienceInputSchema,
  fields: [
    { kind: 'text', name: 'title', label: 'Title', required: true, width: 'half' },
    { kind: 'text', name: 'organization', label: 'Organization', required: true, width: 'half' },
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      required: true,
      options: optionsFrom(EXPERIENCE_KIND_LABELS),
      width: 'half',
    },
    { kind: 'text', name: 'location', label: 'Location', width: 'half' },
    { kind: 'month', name: 'startMonth', label: 'Start', required: true, width: 'half' },
    { kind: 'month', name: 'endMonth', label: 'End', width: 'half' },
    { kind: 'checkbox', name: 'isCurrent', label: 'I work here now' },
    { kind: 'textarea', name: 'description', label: 'What you did' },
  ],
  blank: {
    title: '',
    organization: '',
    kind: 'internship',
    location: '',
    startMonth: '',
    endMonth: '',
    isCurrent: false,
    description: '',
  },
  summarize: (entry) => ({
    primary: `${entry.title} at ${entry.organization}`,
    secondary: join(
      EXPERIENCE_KIND_LABELS[entry.kind as keyof typeof EXPERIENCE_KIND_LABELS],
      formatRange(entry.startMonth, entry.endMonth, entry.isCurrent),
      entry.location,
    ),
    detail: entry.description as string | null,
  }),
};

export const PROJECTS: SectionConfig = {
  path: '/api/individual/projects',
  title: 'Projects',
  intro: 'What you built, with what, and where to see it.',
  noun: 'project',
  nounTitle: 'Project',
  emptyText: 'No projects yet. Add something you built, with a link if it is online.',
  schema: projectInputSchema,
  fields: [
    { kind: 'text', name: 'title', label: 'Title', required: true, width: 'half' },
    { kind: 'text', name: 'role', label: 'Your role', width: 'half' },
    { kind: 'month', name: 'startMonth', label: 'Start', width: 'half' },
    { kind: 'month', name: 'endMonth', label: 'End', width: 'half' },
    { kind: 'checkbox', name: 'isCurrent', label: 'Still working on it' },
    { kind: 'tags', name: 'technologies', label: 'Technologies' },
    { kind: 'url', name: 'link', label: 'Link' },
    { kind: 'textarea', name: 'description', label: 'Description' },
  ],
  blank: {
    title: '',
    role: '',
    startMonth: '',
    endMonth: '',
    isCurrent: false,
    technologies: [],
    link: '',
    description: '',
  },
  summarize: (entry) => ({
    primary: String(entry.title),
    secondary: join(entry.role, formatRange(entry.startMonth, entry.endMonth, entry.isCurrent, 'Ongoing'), entry.link),
    detail: entry.description as string | null,
    chips: (entry.technologies as string[] | undefined) ?? [],
  }),
};

export const OTHERS: SectionConfig = {
  path: '/api/individual/other',
  title: 'Others',
  intro: 'Certifications, awards, publications, volunteering and languages.',
  noun: 'item',
  nounTitle: 'Item',
  emptyText: 'Nothing here yet. Add a certification, an award, a publication or a language.',
  schema: otherInputSchema,
  fields: [
    {
      kind: 'select',
      name: 'kind',
      label: 'What is it',
      required: true,
      options: optionsFrom(OTHER_KIND_LABELS),
      width: 'half',
    },
    { kind: 'text', name: 'title', label: 'Title', required: true, width: 'half' },
    { kind: 'text', name: 'issuer', label: 'Issuer', width: 'half' },
    { kind: 'month', name: 'month', label: 'Date', width: 'half' },
    { kind: 'url', name: 'link', label: 'Link' },
    { kind: 'textarea', name: 'description', label: 'Description' },
  ],
  blank: { kind: 'certification', title: '', issuer: '', month: '', link: '', description: '' },
  summarize: (entry) => ({
    primary: String(entry.title),
    secondary: join(
      OTHER_KIND_LABELS[entry.kind as keyof typeof OTHER_KIND_LABELS],
      entry.issuer,
      formatMonth(entry.month),
    ),
    detail: entry.description as string | null,
  }),
};

const money = (amount: unknown, currency: unknown) => {
  if (typeof amount !== 'number') return '';
  try {
    return new Intl.NumberFormat(undefined, {
      style: typeof currency === 'string' && currency ? 'currency' : 'decimal',
      ...(typeof currency === 'string' && currency ? { currency } : {}),
      maximumFractionDigits: 0,
    }).format(amount);
  } catch {
    return String(amount);
  }
};

export const PLACEMENTS: SectionConfig = {
  path: '/api/individual/placements',
  title: 'Placements',
  intro: 'Offers you received and what you decided.',
  noun: 'placement',
  nounTitle: 'Placement',
  emptyText: 'No placements yet. Add an offer when you get one.',
  schema: placementInputSchema,
  fields: [
    { kind: 'text', name: 'organization', label: 'Organization', required: true, width: 'half' },
    { kind: 'text', name: 'role', label: 'Role', required: true, width: 'half' },
    {
      kind: 'select',
      name: 'offerKind',
      label: 'Offer',
      required: true,
      options: optionsFrom(OFFER_KIND_LABELS),
      width: 'half',
    },
    {
      kind: 'select',
      name: 'status',
      label: 'Status',
      required: true,
      options: optionsFrom(OFFER_STATUS_LABELS),
      width: 'half',
    },
    { kind: 'number', name: 'compensation', label: 'Compensation (yearly, or stipend per month)', width: 'half' },
    { kind: 'text', name: 'currency', label: 'Currency', width: 'half', helper: '3 letters, e.g. INR' },
    { kind: 'month', name: 'month', label: 'Offer date', width: 'half' },
  ],
  blank: {
    organization: '',
    role: '',
    offerKind: 'full-time',
    status: 'offered',
    compensation: '',
    currency: 'INR',
    month: '',
  },
  summarize: (entry) => ({
    primary: `${entry.role} at ${entry.organization}`,
    secondary: join(
      OFFER_KIND_LABELS[entry.offerKind as keyof typeof OFFER_KIND_LABELS],
      OFFER_STATUS_LABELS[entry.status as keyof typeof OFFER_STATUS_LABELS],
      money(entry.compensation, entry.currency),
      formatMonth(entry.month),
    ),
  }),
};
