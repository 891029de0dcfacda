import type { ApplicationStatus } from './application';
import type { AutoFillKey } from './autofill';
import type { FieldType } from './form';
import type { OpeningKind, OpeningStatus, PAY_PERIODS } from './opening';

/** How the product names its enum values to people (the builder, the lists, the public form). */
export const OPENING_KIND_LABELS: Record<OpeningKind, string> = {
  fullTime: 'Full-time',
  internship: 'Internship',
  contract: 'Contract',
  campusDrive: 'Campus drive',
};

export const OPENING_STATUS_LABELS: Record<OpeningStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  closed: 'Closed',
};

export const PAY_PERIOD_LABELS: Record<(typeof PAY_PERIODS)[number], string> = {
  hour: 'per hour',
  month: 'per month',
  year: 'per year',
  total: 'in total',
};

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  shortText: 'Short text',
  paragraph: 'Paragraph',
  number: 'Number',
  email: 'Email',
  phone: 'Phone',
  url: 'Link (URL)',
  date: 'Date',
  singleChoice: 'Single choice',
  multipleChoice: 'Multiple choice',
  dropdown: 'Dropdown',
  yesNo: 'Yes / No',
  linearScale: 'Linear scale',
  fileUpload: 'File upload',
  repeatableGroup: 'Repeatable group',
};

export const AUTO_FILL_KEY_LABELS: Record<AutoFillKey, string> = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone number',
  location: 'Location',
  institution: 'Institution',
  degree: 'Degree',
  branch: 'Branch',
  grade: 'Grade',
  gradeScale: 'Grade scale',
  graduationYear: 'Graduation year',
  rollNumber: 'Roll number',
  currentBacklogs: 'Current backlogs',
  skills: 'Skills',
  resume: 'Resume',
  portfolioLink: 'Portfolio link',
  linkedin: 'LinkedIn profile',
  github: 'GitHub profile',
  website: 'Website',
  headline: 'Headline',
  about: 'About',
};

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  withdrawn: 'Withdrawn',
  shortlisted: 'Shortlisted',
  rejected: 'Rejected',
  selected: 'Selected',
};
