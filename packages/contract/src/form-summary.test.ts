import { describe, expect, it } from 'vitest';
import { percentOf, type QuestionSummary, summarySentence } from './form-summary';

const base: QuestionSummary = {
  fieldId: 'q',
  label: 'Q',
  type: 'singleChoice',
  answered: 8,
  bars: null,
  histogram: null,
  mean: null,
  median: null,
  min: null,
  max: null,
  topAnswers: null,
  files: null,
};

describe('summarySentence', () => {
  it('says what each chart shows', () => {
    const bars = [
      { key: 'be', label: 'Backend', count: 5 },
      { key: 'fe', label: 'Frontend', count: 3 },
    ];
    expect(summarySentence({ ...base, bars }, 10)).toBe('8 of 10 answered; most chose Backend (5, 63 %).');
    expect(
      summarySentence({ ...base, type: 'number', histogram: [], mean: 7.456, median: 7, min: 6, max: 9.5 }, 10),
    ).toBe('8 of 10 answered; mean 7.46, median 7, from 6 to 9.5.');
    expect(summarySentence({ ...base, type: 'shortText', topAnswers: [{ text: 'Pune', count: 3 }] }, 10)).toBe(
      '8 of 10 answered; most often “Pune” (3).',
    );
    expect(summarySentence({ ...base, type: 'fileUpload', files: 1 }, 10)).toBe('8 of 10 answered; 1 file.');
    expect(summarySentence({ ...base, answered: 0, bars: [] }, 0)).toBe('0 of 0 answered.');
    expect(percentOf(1, 0)).toBe(0);
  });
});
