import { describe, expect, it } from 'vitest';
import { formDefinitionSchema } from './form';
import { FORM_TEMPLATES } from './form-templates';

describe('form templates', () => {
  it('are the four the issue names, each a valid form', () => {
    expect(FORM_TEMPLATES.map((template) => template.id)).toEqual([
      'campusDrive',
      'internship',
      'hackathon',
      'workshop',
    ]);
    for (const template of FORM_TEMPLATES) {
      const parsed = formDefinitionSchema.safeParse({ sections: template.sections });
      expect(parsed.success, `${template.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});
