import { answersSchemaFor, type FormDefinition, OTHER_OPTION_ID } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import {
  autoFilledFieldIds,
  fieldPathsInOrder,
  finalizeAnswers,
  formatLeafAnswer,
  formPathOfServerField,
  toDraftAnswers,
  toFormValues,
} from './formValues';

const definition: FormDefinition = {
  sections: [
    {
      id: 's1',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
        { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
        { id: 'grade', type: 'number', label: 'Grade', required: false, autoFillKey: 'grade' },
        { id: 'skills', type: 'paragraph', label: 'Skills', required: false, autoFillKey: 'skills' },
        { id: 'born', type: 'date', label: 'Date of birth', required: false },
        {
          id: 'branch',
          type: 'singleChoice',
          label: 'Branch',
          required: true,
          allowOther: true,
          options: [
            { id: 'cse', label: 'Computer Science' },
            { id: 'ece', label: 'Electronics' },
          ],
          autoFillKey: 'branch',
        },
        {
          id: 'langs',
          type: 'multipleChoice',
          label: 'Languages',
          required: false,
          allowOther: true,
          options: [
            { id: 'ts', label: 'TypeScript' },
            { id: 'go', label: 'Go' },
          ],
        },
        { id: 'relocate', type: 'yesNo', label: 'Relocate?', required: false },
        { id: 'fit', type: 'linearScale', label: 'Fit', required: false, scaleMin: 1, scaleMax: 5 },
        {
          id: 'cv',
          type: 'fileUpload',
          label: 'Resume',
          required: false,
          acceptedTypes: ['application/pdf'],
          maxBytes: 1_000_000,
          autoFillKey: 'resume',
        },
      ],
    },
    {
      id: 's2',
      title: 'Education',
      fields: [
        {
          id: 'edu',
          type: 'repeatableGroup',
          label: 'Education',
          required: true,
          minRows: 1,
          maxRows: 3,
          fields: [
            { id: 'school', type: 'shortText', label: 'School', required: true },
            { id: 'year', type: 'number', label: 'Year', required: false },
          ],
        },
      ],
    },
  ],
};

const cv = { fileId: 'f-1', name: 'cv.pdf', size: 1000, contentType: 'application/pdf' };

describe('toFormValues', () => {
  it('starts every field empty in its own shape, with the rows a group requires', () => {
    expect(toFormValues(definition, null)).toEqual({
      name: '',
      email: '',
      grade: null,
      skills: '',
      born: '',
      branch: null,
      langs: { optionIds: [], otherText: '' },
      relocate: null,
      fit: null,
      cv: null,
      edu: [{ school: '', year: null }],
    });
  });

  it('fits prefilled auto-fill values to their fields', () => {
    const values = toFormValues(definition, {
      name: 'Asha Verma',
      grade: '8.5',
      skills: ['React', 'SQL'],
      branch: 'computer science',
      langs: ['TypeScript', 'Rust'],
      relocate: 'yes',
      fit: 9,
      cv,
      unknown: 'dropped',
    } as never);
    expect(values).toMatchObject({
      name: 'Asha Verma',
      grade: 8.5,
      skills: 'React, SQL',
      branch: { optionId: 'cse' },
      langs: { optionIds: ['ts', OTHER_OPTION_ID], otherText: 'Rust' },
      relocate: true,
      fit: null,
      cv,
    });
    expect(values).not.toHaveProperty('unknown');
  });

  it('keeps an "Other" choice and unfinished numbers from a draft', () => {
    const values = toFormValues(definition, {
      branch: { optionId: OTHER_OPTION_ID, otherText: 'Civil' },
      grade: '8.5.',
      edu: [{ school: 'IIT', year: '20' }],
    });
    expect(values.branch).toEqual({ optionId: OTHER_OPTION_ID, otherText: 'Civil' });
    expect(values.grade).toBe('8.5.');
    expect(values.edu).toEqual([{ school: 'IIT', year: 20 }]);
  });
});

describe('answers round trip', () => {
  it('draft answers come back as the same form values', () => {
    const values = toFormValues(definition, {
      name: 'Asha',
      email: 'asha@example.com',
      branch: { optionId: 'ece' },
      langs: { optionIds: ['go'], otherText: '' },
      cv,
      edu: [
        { school: 'IIT', year: 2024 },
        { school: 'School', year: null },
      ],
    });
    const draft = toDraftAnswers(definition, values);
    expect(toFormValues(definition, draft)).toEqual(values);
  });

  it('finalized answers pass the server schema and drop a stale "Other" text', () => {
    const values = toFormValues(definition, {
      name: 'Asha',
      email: 'asha@example.com',
      branch: { optionId: 'cse', otherText: 'typed before choosing' },
      langs: { optionIds: ['ts'], otherText: 'Rust' },
      edu: [{ school: 'IIT', year: null }],
    });
    const parsed = answersSchemaFor(definition).parse(values) as Record<string, unknown>;
    const answers = finalizeAnswers(definition, parsed);
    expect(answers.branch).toEqual({ optionId: 'cse' });
    expect(answers.langs).toEqual({ optionIds: ['ts'] });
    expect(answersSchemaFor(definition).safeParse(answers).success).toBe(true);
  });
});

describe('autoFilledFieldIds', () => {
  it('marks fields whose value is still the prefilled one', () => {
    const prefill = { name: 'Asha', email: 'asha@example.com', grade: 8 };
    const values = { ...toFormValues(definition, prefill), email: 'other@example.com' };
    expect([...autoFilledFieldIds(definition, prefill, values)]).toEqual(['name', 'grade']);
  });
});

describe('field paths', () => {
  it('orders group rows after the group, in display order', () => {
    const values = toFormValues(definition, { edu: [{}, {}] });
    const paths = fieldPathsInOrder(definition, values);
    expect(paths.slice(-5)).toEqual(['edu', 'edu.0.school', 'edu.0.year', 'edu.1.school', 'edu.1.year']);
  });

  it('maps server field errors onto form paths', () => {
    expect(formPathOfServerField(definition, 'answers.email')).toBe('email');
    expect(formPathOfServerField(definition, 'answers.edu.1.school')).toBe('edu.1.school');
    expect(formPathOfServerField(definition, 'answers.branch.otherText')).toBe('branch');
    expect(formPathOfServerField(definition, 'answers.nope')).toBeNull();
    expect(formPathOfServerField(definition, 'openingId')).toBeNull();
  });
});

describe('formatLeafAnswer', () => {
  const field = (id: string) => definition.sections[0]?.fields.find((f) => f.id === id) as never;
  it('shows answers in words', () => {
    expect(formatLeafAnswer(field('branch'), { optionId: OTHER_OPTION_ID, otherText: 'Civil' })).toBe('Other: Civil');
    expect(formatLeafAnswer(field('langs'), { optionIds: ['ts', 'go'] })).toBe('TypeScript, Go');
    expect(formatLeafAnswer(field('relocate'), false)).toBe('No');
    expect(formatLeafAnswer(field('cv'), cv)).toBe('cv.pdf');
    expect(formatLeafAnswer(field('name'), '')).toBe('');
  });
});
