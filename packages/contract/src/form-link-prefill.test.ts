import { describe, expect, it } from 'vitest';
import type { FormDefinition } from './form';
import { linkPrefillAnswers, linkPrefillParams, linkPrefillSearch } from './form-link-prefill';
import { OTHER_OPTION_ID } from './form-rules';

const form: FormDefinition = {
  sections: [
    {
      id: 's',
      title: '',
      fields: [
        { id: 'source', type: 'shortText', label: 'Campaign source', required: false, validation: { maxLength: 10 } },
        { id: 'age', type: 'number', label: 'Age', required: false, validation: { min: 16 } },
        { id: 'mail', type: 'email', label: 'Email', required: true },
        { id: 'relocate', type: 'yesNo', label: 'Relocate?', required: false },
        {
          id: 'track',
          type: 'singleChoice',
          label: 'Track',
          required: false,
          allowOther: true,
          options: [
            { id: 'be', label: 'Backend' },
            { id: 'fe', label: 'Frontend' },
          ],
        },
        {
          id: 'langs',
          type: 'multipleChoice',
          label: 'Languages',
          required: false,
          options: [
            { id: 'go', label: 'Go' },
            { id: 'ts', label: 'TypeScript' },
          ],
        },
        { id: 'rate', type: 'linearScale', label: 'Confidence', required: false, scaleMin: 1, scaleMax: 5 },
        { id: 'cv', type: 'fileUpload', label: 'CV', required: false, acceptedTypes: [], maxBytes: 1000 },
      ],
    },
  ],
};

const prefill = (query: string) => linkPrefillAnswers(form, linkPrefillParams(new URLSearchParams(query)));

describe('pre-fill by link', () => {
  it('reads prefill[questionId]=value pairs and nothing else', () => {
    expect(linkPrefillParams(new URLSearchParams('prefill[source]=x&edit&prefill[bad id]=y&prefill[age]=3'))).toEqual([
      ['source', 'x'],
      ['age', '3'],
    ]);
    expect(linkPrefillSearch(new URLSearchParams('utm=1&prefill[source]=a b'))).toBe('?prefill%5Bsource%5D=a+b');
    expect(linkPrefillSearch(new URLSearchParams('utm=1'))).toBe('');
  });

  it('converts each value to the question’s type and validates it like an answer', () => {
    const result = prefill(
      'prefill[source]=%20fair%20&prefill[age]=21&prefill[mail]=a@b.co&prefill[relocate]=yes' +
        '&prefill[track]=frontend&prefill[langs]=go,TypeScript&prefill[rate]=4',
    );
    expect(result.ignored).toEqual([]);
    expect(result.answers).toEqual({
      source: 'fair',
      age: 21,
      mail: 'a@b.co',
      relocate: true,
      track: { optionId: 'fe' },
      langs: { optionIds: ['go', 'ts'] },
      rate: 4,
    });
    expect(prefill('prefill[track]=Data').answers.track).toEqual({ optionId: OTHER_OPTION_ID, otherText: 'Data' });
  });

  it('ignores what does not fit, saying why, and never throws', () => {
    const result = prefill(
      'prefill[source]=far-too-long-text&prefill[age]=12&prefill[mail]=nope&prefill[relocate]=maybe' +
        '&prefill[langs]=go,rust&prefill[rate]=9&prefill[cv]=x&prefill[ghost]=1&prefill[age]=abc',
    );
    expect(result.answers).toEqual({});
    expect(result.ignored.map((item) => [item.questionId, item.label, item.reason])).toEqual([
      ['source', 'Campaign source', 'Must be at most 10 characters'],
      ['age', 'Age', 'Must be at least 16'],
      ['mail', 'Email', 'Enter a valid email address'],
      ['relocate', 'Relocate?', 'Not a valid answer to this question'],
      ['langs', 'Languages', 'Not a valid answer to this question'],
      ['rate', 'Confidence', 'Choose 1 to 5'],
      ['cv', 'CV', 'This question cannot be filled in from a link'],
      ['ghost', null, 'This form has no such question'],
      ['age', 'Age', 'Not a valid answer to this question'],
    ]);
    expect(prefill('prefill[source]=%00').answers).toEqual({});
  });
});
