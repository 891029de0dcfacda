import { FIELD_TYPES, FORM_TEMPLATES, type FormDefinition, formDefinitionSchema } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  changeFieldType,
  cleanDefinition,
  duplicateField,
  newField,
  newId,
  withFreshIds,
} from './formModel';

describe('form model', () => {
  it('makes random ids the contract accepts, never from labels', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newId('f')));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^f_[A-Za-z0-9_-]{1,62}$/);
  });

  it('gives a copy and a retyped field a new id, keeping wording', () => {
    const field = { ...newField('singleChoice'), label: 'City', helpText: 'Where?' };
    const copy = duplicateField(field);
    expect(copy.id).not.toBe(field.id);
    expect(copy.label).toBe('City');
    const retyped = changeFieldType(field, 'dropdown');
    expect(retyped).toMatchObject({ type: 'dropdown', label: 'City', helpText: 'Where?' });
    expect(retyped.id).not.toBe(field.id);
    expect('options' in retyped && retyped.options).toEqual('options' in field && field.options);
  });

  it('saves the same form the same way: empty optional settings left out', () => {
    const definition = {
      sections: [
        {
          id: 's_1',
          title: 'A',
          description: '',
          fields: [
            {
              id: 'f_1',
              type: 'shortText',
              label: 'Name',
              required: true,
              helpText: '',
              autoFillKey: undefined,
              validation: { minLength: undefined, pattern: '' },
            },
            {
              id: 'f_2',
              type: 'singleChoice',
              label: 'Pick',
              required: false,
              allowOther: false,
              options: [{ id: 'o', label: 'A' }],
            },
          ],
        },
      ],
    } as unknown as FormDefinition;
    const cleaned = cleanDefinition(definition);
    expect(cleaned).toEqual({
      sections: [
        {
          id: 's_1',
          title: 'A',
          fields: [
            { id: 'f_1', type: 'shortText', label: 'Name', required: true },
            { id: 'f_2', type: 'singleChoice', label: 'Pick', required: false, options: [{ id: 'o', label: 'A' }] },
          ],
        },
      ],
    });
    expect(formDefinitionSchema.safeParse(cleaned).success).toBe(true);
  });

  it('compares values without key order or unset settings', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: 2 } })).toBe(canonicalJson({ a: { c: 2 }, b: 1 }));
  });

  it('starts every field type named, so a new question or group (and its first sub-question) never blocks saving', () => {
    const fields = FIELD_TYPES.map((type) => newField(type));
    expect(formDefinitionSchema.safeParse({ sections: [{ id: 's', title: '', fields }] }).success).toBe(true);
    const group = newField('repeatableGroup');
    expect(group.type === 'repeatableGroup' && group.fields[0]?.label).toBe('Title');
  });

  it('starts every field type in a shape the contract accepts once labelled', () => {
    const types = ['shortText', 'singleChoice', 'linearScale', 'fileUpload', 'repeatableGroup'] as const;
    const fields = types.map((type) => {
      const field = newField(type);
      field.label = 'Q';
      if (field.type === 'repeatableGroup') for (const sub of field.fields) sub.label = 'Sub';
      return field;
    });
    expect(formDefinitionSchema.safeParse({ sections: [{ id: 's', title: '', fields }] }).success).toBe(true);
  });
});

describe('withFreshIds', () => {
  it('gives a template fresh ids every time, its rules following them', () => {
    const drive = FORM_TEMPLATES.find((template) => template.id === 'campusDrive');
    if (!drive) throw new Error('no campus drive');
    const first = withFreshIds(drive.sections);
    const second = withFreshIds(drive.sections);
    expect(first[0]?.id).not.toBe(drive.sections[0]?.id);
    expect(first[0]?.id).not.toBe(second[0]?.id);
    expect(formDefinitionSchema.safeParse({ sections: [...first, ...second] }).success).toBe(true);
    const fields = first.flatMap((section) => section.fields);
    const city = fields.find((field) => field.label === 'Preferred city');
    const relocate = fields.find((field) => field.label === 'Willing to relocate');
    expect(city?.showWhen?.conditions[0]?.questionId).toBe(relocate?.id);
  });
});
