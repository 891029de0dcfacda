import type { FormSection } from './form';

/**
 * Form templates (issue 43): a new opening's form can start from one of these, or copy questions from one of the
 * organization's earlier forms. The builder gives every section, question and option a fresh id when it adds them
 * (rules' references follow), so two forms from one template never share ids. Each is held to
 * `formDefinitionSchema` by form-templates.test.ts.
 */
export interface FormTemplate {
  id: 'campusDrive' | 'internship' | 'hackathon' | 'workshop';
  name: string;
  description: string;
  sections: FormSection[];
}

const you = (id: string): FormSection => ({
  id: `${id}_you`,
  title: 'About you',
  fields: [
    { id: `${id}_name`, type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
    { id: `${id}_email`, type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
    { id: `${id}_phone`, type: 'phone', label: 'Phone number', required: true, autoFillKey: 'phone' },
  ],
});

const education = (id: string): FormSection => ({
  id: `${id}_edu`,
  title: 'Education',
  fields: [
    { id: `${id}_college`, type: 'shortText', label: 'College', required: true, autoFillKey: 'institution' },
    { id: `${id}_degree`, type: 'shortText', label: 'Degree', required: true, autoFillKey: 'degree' },
    { id: `${id}_branch`, type: 'shortText', label: 'Branch', required: true, autoFillKey: 'branch' },
    { id: `${id}_grade`, type: 'number', label: 'CGPA', required: true, autoFillKey: 'grade' },
    { id: `${id}_year`, type: 'number', label: 'Graduation year', required: true, autoFillKey: 'graduationYear' },
  ],
});

const resume = (id: string): FormSection['fields'][number] => ({
  id: `${id}_resume`,
  type: 'fileUpload',
  label: 'Resume',
  required: true,
  autoFillKey: 'resume',
  acceptedTypes: ['application/pdf'],
  maxBytes: 5 * 1024 * 1024,
});

export const FORM_TEMPLATES: readonly FormTemplate[] = [
  {
    id: 'campusDrive',
    name: 'Campus drive',
    description: 'A placement drive: contact, education, backlogs, resume and relocation.',
    sections: [
      you('cd'),
      education('cd'),
      {
        id: 'cd_more',
        title: 'Your application',
        fields: [
          {
            id: 'cd_backlogs',
            type: 'number',
            label: 'Current backlogs',
            required: true,
            autoFillKey: 'currentBacklogs',
          },
          resume('cd'),
          { id: 'cd_relocate', type: 'yesNo', label: 'Willing to relocate', required: true },
          {
            id: 'cd_city',
            type: 'shortText',
            label: 'Preferred city',
            required: false,
            showWhen: { match: 'all', conditions: [{ questionId: 'cd_relocate', operator: 'equals', value: true }] },
          },
        ],
      },
    ],
  },
  {
    id: 'internship',
    name: 'Internship',
    description: 'An internship: contact, education, availability, projects and a resume.',
    sections: [
      you('in'),
      education('in'),
      {
        id: 'in_more',
        title: 'The internship',
        fields: [
          { id: 'in_start', type: 'date', label: 'Earliest start date', required: true },
          {
            id: 'in_months',
            type: 'dropdown',
            label: 'Duration',
            required: true,
            options: [
              { id: 'in_m2', label: '2 months' },
              { id: 'in_m3', label: '3 months' },
              { id: 'in_m6', label: '6 months' },
            ],
          },
          {
            id: 'in_projects',
            type: 'repeatableGroup',
            label: 'Projects',
            required: false,
            maxRows: 5,
            fields: [
              { id: 'in_p_title', type: 'shortText', label: 'Project title', required: true },
              { id: 'in_p_link', type: 'url', label: 'Link', required: false },
            ],
          },
          resume('in'),
        ],
      },
    ],
  },
  {
    id: 'hackathon',
    name: 'Hackathon',
    description: 'A hackathon: team, track, skills and links.',
    sections: [
      you('hk'),
      {
        id: 'hk_team',
        title: 'Your team',
        fields: [
          { id: 'hk_team_name', type: 'shortText', label: 'Team name', required: true },
          {
            id: 'hk_members',
            type: 'repeatableGroup',
            label: 'Team members',
            required: false,
            maxRows: 4,
            fields: [
              { id: 'hk_m_name', type: 'shortText', label: 'Member name', required: true },
              { id: 'hk_m_email', type: 'email', label: 'Member email', required: true },
            ],
          },
          {
            id: 'hk_track',
            type: 'singleChoice',
            label: 'Track',
            required: true,
            allowOther: true,
            options: [
              { id: 'hk_ai', label: 'AI' },
              { id: 'hk_web', label: 'Web' },
              { id: 'hk_hw', label: 'Hardware' },
            ],
          },
          { id: 'hk_github', type: 'url', label: 'GitHub profile', required: false, autoFillKey: 'github' },
        ],
      },
    ],
  },
  {
    id: 'workshop',
    name: 'Workshop registration',
    description: 'A workshop or event: contact, college, session and what to expect.',
    sections: [
      you('ws'),
      {
        id: 'ws_more',
        title: 'Registration',
        fields: [
          { id: 'ws_college', type: 'shortText', label: 'College', required: true, autoFillKey: 'institution' },
          {
            id: 'ws_session',
            type: 'singleChoice',
            label: 'Session',
            required: true,
            options: [
              { id: 'ws_am', label: 'Morning' },
              { id: 'ws_pm', label: 'Afternoon' },
            ],
          },
          {
            id: 'ws_level',
            type: 'linearScale',
            label: 'Your experience with the topic',
            required: false,
            scaleMin: 1,
            scaleMax: 5,
            minLabel: 'New to it',
            maxLabel: 'Expert',
          },
          { id: 'ws_expect', type: 'paragraph', label: 'What do you hope to learn?', required: false },
        ],
      },
    ],
  },
];
