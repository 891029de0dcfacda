import { describe, expect, it } from 'vitest';
import { allErrors, firstErrorPath, placeOfError } from './errorPaths';

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

describe('the error summary', () => {
  const values = {
    form: {
      sections: [
        { title: 'About', fields: [{ label: 'Relocate?' }] },
        { title: '', fields: [{ label: 'Projects', fields: [{ label: '' }] }, { label: 'Which city?' }] },
      ],
    },
  };

  it('lists every error in order', () => {
    const errors = {
      title: { message: 'Required', type: 'too_small' },
      form: { sections: [undefined, { fields: [{ fields: [{ label: { message: 'Required', type: 'x' } }] }] }] },
    };
    expect(allErrors(errors)).toEqual([
      { path: 'title', message: 'Required' },
      { path: 'form.sections.1.fields.0.fields.0.label', message: 'Required' },
    ]);
  });

  it('names where each error is in the words of the editor', () => {
    expect(placeOfError('form.sections.1.fields.0.fields.0.label', values)).toBe(
      'Section 2 › “Projects” › sub-question 1 › Question',
    );
    expect(placeOfError('form.sections.1.fields.1.showWhen.conditions.0.questionId', values)).toBe(
      'Section 2 › “Which city?” › rule › condition 1 › question',
    );
    expect(placeOfError('form.sections.0.title', values)).toBe('Section 1 “About” › Title');
    expect(placeOfError('title', values)).toBe('Title');
  });
});
