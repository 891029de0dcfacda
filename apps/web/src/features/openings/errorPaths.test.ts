import { describe, expect, it } from 'vitest';
import { firstErrorPath } from './errorPaths';

describe('firstErrorPath', () => {
  it('finds the first error depth-first in the order errors were reported, through arrays', () => {
    const errors = {
      form: {
        sections: [
          {
            fields: [undefined, { options: { message: 'Add at least one option', type: 'too_small' } }],
          },
        ],
      },
      deadline: { message: 'Invalid', type: 'invalid_format' },
    };
    expect(firstErrorPath(errors)).toBe('form.sections.0.fields.1.options');
  });

  it('takes an array-level root error as the array itself', () => {
    expect(firstErrorPath({ locations: { root: { message: 'Too many', type: 'too_big' } } })).toBe('locations');
  });

  it('is null without errors', () => {
    expect(firstErrorPath({})).toBeNull();
  });
});
