import {
  answersSchemaFor,
  type FormDefinition,
  formDefinitionSchema,
  isOneClickForm,
  OTHER_OPTION_ID,
} from '@placely/contract';
import { describe, expect, it } from 'vitest';

const definition: FormDefinition = formDefinitionSchema.parse({
  sections: [
    {
      id: 's1',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true, autoFillKey: 'name' },
        {
          id: 'roll',
          type: 'shortText',
          label: 'Roll number',
          required: false,
          validation: { pattern: '[A-Z]{2}[0-9]{3}', patternMessage: 'Like AB123' },
        },
        { id: 'about', type: 'paragraph', label: 'About', required: false, validation: { minLength: 5 } },
        { id: 'cgpa', type: 'number', label: 'CGPA', required: true, validation: { min: 0, max: 10 } },
        { id: 'mail', type: 'email', label: 'Email', required: true },
        { id: 'tel', type: 'phone', label: 'Phone', required: false },
        { id: 'site', type: 'url', label: 'Site', required: false },
        { id: 'dob', type: 'date', label: 'Date', required: false },
        {
          id: 'pick',
          type: 'singleChoice',
          label: 'Pick',
          required: true,
          allowOther: true,
          options: [
            { id: 'a', label: 'A' },
            { id: 'b', label: 'B' },
          ],
        },
        {
          id: 'many',
          type: 'multipleChoice',
          label: 'Many',
          required: false,
          options: [
            { id: 'x', label: 'X' },
            { id: 'y', label: 'Y' },
          ],
          validation: { maxSelected: 1 },
        },
        { id: 'dd', type: 'dropdown', label: 'Dropdown', required: false, options: [{ id: 'o', label: 'O' }] },
        { id: 'yn', type: 'yesNo', label: 'Relocate?', required: true },
        { id: 'scale', type: 'linearScale', label: 'Scale', required: false, scaleMin: 1, scaleMax: 5 },
        {
          id: 'cv',
          type: 'fileUpload',
          label: 'CV',
          required: false,
          acceptedTypes: ['application/pdf'],
          maxBytes: 1000,
        },
        {
          id: 'edu',
          type: 'repeatableGroup',
          label: 'Education',
          required: true,
          fields: [
            { id: 'school', type: 'shortText', label: 'School', required: true },
            { id: 'year', type: 'number', label: 'Year', required: false },
          ],
        },
      ],
    },
  ],
});

const valid = {
  name: 'Asha',
  cgpa: 8.5,
  mail: 'asha@example.com',
  pick: { optionId: OTHER_OPTION_ID, otherText: 'C' },
  yn: true,
  edu: [{ school: 'IIT' }],
};

function issuePaths(input: unknown) {
  const result = answersSchemaFor(definition).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('form definition and answersSchemaFor', () => {
  it('accepts a valid answer set and normalizes missing optional answers to null', () => {
    const parsed = answersSchemaFor(definition).parse(valid);
    expect(parsed.roll).toBeNull();
    expect(parsed.edu).toEqual([{ school: 'IIT', year: null }]);
  });

  it('names every invalid field', () => {
    expect(issuePaths({})).toEqual(expect.arrayContaining(['name', 'cgpa', 'mail', 'pick', 'yn', 'edu']));
    expect(
      issuePaths({
        ...valid,
        roll: 'ab',
        about: 'hi',
        cgpa: 11,
        mail: 'nope',
        site: 'ftp://x',
        dob: '2020-13-40',
        many: { optionIds: ['x', 'y'] },
        dd: { optionId: 'zz' },
        scale: 9,
        cv: { fileId: 'f', name: 'a.exe', size: 10, contentType: 'application/x-msdownload' },
        edu: [{ school: '' }],
        extra: 'x',
      }),
    ).toEqual(
      expect.arrayContaining([
        'roll',
        'about',
        'cgpa',
        'mail',
        'site',
        'dob',
        'many.optionIds',
        'dd.optionId',
        'scale',
        'cv',
        'edu.0.school',
        '',
      ]),
    );
    expect(issuePaths({ ...valid, pick: { optionId: OTHER_OPTION_ID } })).toEqual(['pick.otherText']);
  });

  it('rejects duplicate field ids and bad patterns in a definition', () => {
    const dup = formDefinitionSchema.safeParse({
      sections: [
        {
          id: 's',
          title: '',
          fields: [
            { id: 'a', type: 'yesNo', label: 'A', required: false },
            { id: 'a', type: 'shortText', label: 'B', required: false, validation: { pattern: '(' } },
          ],
        },
      ],
    });
    expect(dup.success).toBe(false);
    expect(dup.error?.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['sections.0.fields.1.id', 'sections.0.fields.1.validation.pattern']),
    );
  });

  it('knows a one-click form', () => {
    expect(isOneClickForm(definition)).toBe(false);
    expect(
      isOneClickForm({
        sections: [
          {
            id: 's',
            title: '',
            fields: [{ id: 'n', type: 'shortText', label: 'N', required: true, autoFillKey: 'name' }],
          },
        ],
      }),
    ).toBe(true);
  });
});
