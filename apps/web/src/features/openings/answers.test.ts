import type { FormDefinition } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import { changesBetween, filesOf, formatAnswer, responseColumns } from './answers';

const v1: FormDefinition = {
  sections: [
    {
      id: 's',
      title: 'A',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        {
          id: 'pick',
          type: 'multipleChoice',
          label: 'Languages',
          required: false,
          allowOther: true,
          options: [
            { id: 'ts', label: 'TypeScript' },
            { id: 'go', label: 'Go' },
          ],
        },
        { id: 'old', type: 'yesNo', label: 'Relocate?', required: false },
        {
          id: 'edu',
          type: 'repeatableGroup',
          label: 'Education',
          required: false,
          fields: [
            { id: 'school', type: 'shortText', label: 'School', required: true },
            {
              id: 'cert',
              type: 'fileUpload',
              label: 'Certificate',
              required: false,
              acceptedTypes: [],
              maxBytes: 1000,
            },
          ],
        },
      ],
    },
  ],
};
const v2: FormDefinition = {
  sections: [{ id: 's', title: 'A', fields: [{ id: 'name', type: 'shortText', label: 'Full name', required: true }] }],
};
const forms = [
  { version: 1, definition: v1 },
  { version: 2, definition: v2 },
];

describe('answers as the organization reads them', () => {
  it('formats choices with labels and Other text, yes/no, and numbered group rows', () => {
    const [, pick, relocate, edu] = v1.sections[0]?.fields ?? [];
    if (!pick || !relocate || !edu) throw new Error('fixture');
    expect(formatAnswer(pick, { optionIds: ['ts', '__other__'], otherText: 'Rust' })).toBe('TypeScript, Other: Rust');
    expect(formatAnswer(relocate, false)).toBe('No');
    const rows = [
      { school: 'IIT', cert: { fileId: 'f1', name: 'c.pdf', size: 2048, contentType: 'application/pdf' } },
      { school: 'NIT', cert: null },
    ];
    expect(formatAnswer(edu, rows)).toBe('1. School: IIT; Certificate: c.pdf (2 KB) | 2. School: NIT');
    expect(filesOf(edu, rows)).toEqual([{ fileId: 'f1', name: 'c.pdf' }]);
  });

  it('puts the newest form first in the columns and keeps questions only older versions asked', () => {
    expect(responseColumns(forms).map((column) => column.label)).toEqual([
      'Full name',
      'Languages',
      'Relocate?',
      'Education',
    ]);
  });

  it('lists what changed between revisions', () => {
    const changes = changesBetween(
      { formVersion: 1, answers: { name: 'Asha', old: true } },
      { formVersion: 2, answers: { name: 'Asha V' } },
      forms,
    );
    expect(changes).toEqual([
      { fieldId: 'name', label: 'Full name', before: 'Asha', after: 'Asha V' },
      { fieldId: 'old', label: 'Relocate?', before: 'Yes', after: '' },
    ]);
  });
});
