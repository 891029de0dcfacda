import { describe, expect, it } from 'vitest';
import { chipTexts } from './chipEntry';

describe('chipTexts', () => {
  it('splits at commas, trims and drops empty pieces', () => {
    expect(chipTexts(' Pune, Bengaluru ,,  ')).toEqual(['Pune', 'Bengaluru']);
    expect(chipTexts('')).toEqual([]);
    expect(chipTexts('Delhi')).toEqual(['Delhi']);
  });
});
