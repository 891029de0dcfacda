import { describe, expect, it } from 'vitest';
import { suggestAutoFillKey } from './autofill';

describe('suggestAutoFillKey', () => {
  it.each([
    ['College', 'institution'],
    ['Name of your Institute', 'institution'],
    ['CGPA', 'grade'],
    ['Percentage in 12th', 'grade'],
    ['Upload your Resume', 'resume'],
    ['CV (PDF)', 'resume'],
    ['Graduation year', 'graduationYear'],
    ['Batch', 'graduationYear'],
    ['LinkedIn profile', 'linkedin'],
    ['Mobile number', 'phone'],
    ['Email ID', 'email'],
    ['Full name', 'name'],
    ['Skills', 'skills'],
    ['GitHub URL', 'github'],
  ])('“%s” suggests %s', (label, key) => {
    expect(suggestAutoFillKey(label)).toBe(key);
  });

  it.each([['Why do you want to join?'], ['Name of your project'], ['Referrer name'], ['Cvent experience'], ['']])(
    '“%s” suggests nothing',
    (label) => {
      expect(suggestAutoFillKey(label)).toBeNull();
    },
  );
});
