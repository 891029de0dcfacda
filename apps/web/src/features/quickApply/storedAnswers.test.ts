import { answersSchema } from '@placely/contract';
import { describe, expect, it } from 'vitest';
import { readStoredAnswers } from './storedAnswers';

const long = (n: number) => 'x'.repeat(n);
const file = { fileId: 'f1', name: 'cv.pdf', size: 1200, contentType: 'application/pdf' };

// Each sample is an answer set as a device might hold it (written by the app, an older app, or damaged).
const samples: unknown[] = [
  {},
  { name: 'Asha', age: 21, agree: true, skipped: null },
  { city: { optionId: 'pune' } },
  { city: { optionId: '__other__', otherText: '  Nashik  ' } },
  { city: { optionId: 'pune', extra: 'dropped' } },
  { city: { optionId: 'a', otherText: long(200) } },
  { city: { optionId: 'a', otherText: ` ${long(200)} ` } },
  { city: { optionId: 'a', otherText: long(201) } },
  { city: { optionId: long(65) } },
  { city: { optionId: 5 } },
  { city: { optionId: 'a', otherText: null } },
  { langs: { optionIds: ['en', 'hi'], otherText: ' x ' } },
  { langs: { optionIds: Array.from({ length: 100 }, (_, i) => `o${i}`) } },
  { langs: { optionIds: Array.from({ length: 101 }, (_, i) => `o${i}`) } },
  { langs: { optionIds: ['en', 3] } },
  { langs: { optionIds: 'en' } },
  { both: { optionId: 'a', optionIds: ['b'] } },
  { both: { optionId: 1, optionIds: ['b'], otherText: 'z ' } },
  { cv: file },
  { cv: { ...file, extra: 1 } },
  { cv: { ...file, size: -1 } },
  { cv: { ...file, size: 1.5 } },
  { cv: { ...file, size: 2 ** 60 } },
  { cv: { ...file, fileId: '' } },
  { cv: { ...file, fileId: long(101) } },
  { cv: { ...file, name: long(201) } },
  { cv: { ...file, contentType: long(101) } },
  { cv: { ...file, name: 3 } },
  { jobs: [] },
  { jobs: [{ company: 'Acme', years: 2, current: false, cv: file, none: null }] },
  { jobs: [{ role: { optionId: 'dev', otherText: ' a ' } }, {}] },
  { jobs: [{ company: ['nested'] }] },
  { jobs: [null] },
  { jobs: [[]] },
  { jobs: ['text'] },
  { [long(64)]: 'ok' },
  { [long(65)]: 'too long a key' },
  { 'nul\u0000': 'x' },
  { name: 'nul\u0000' },
  { name: 'lone \uD800 surrogate' },
  { name: 'pair \uD83D\uDE00 fine' },
  { city: { optionId: 'a\u0000' } },
  { city: { optionId: 'a', otherText: '\uDC00' } },
  { jobs: [{ '\uD800': 'bad key' }] },
  { n: Number.POSITIVE_INFINITY },
  { n: Number.NaN },
  { n: 1e308 },
  JSON.parse('{"__proto__": {"polluted": true}, "name": "Asha"}'),
  JSON.parse('{"jobs": [{"__proto__": 1, "a": "b"}]}'),
  JSON.parse('{"constructor": "x"}'),
  [],
  'answers',
  null,
  undefined,
  42,
  { name: undefined },
  { name: () => 1 },
];

describe('readStoredAnswers', () => {
  it('accepts and returns what the contract’s answersSchema does', () => {
    for (const sample of samples) {
      const parsed = answersSchema.safeParse(sample);
      const read = readStoredAnswers(sample);
      const label = JSON.stringify(sample) ?? String(sample);
      expect(read === null ? 'refused' : 'accepted', label).toBe(parsed.success ? 'accepted' : 'refused');
      if (parsed.success) {
        // The same keys in the same order (drafts are compared as JSON).
        expect(JSON.stringify(read), label).toBe(JSON.stringify(parsed.data));
        expect(read, label).toEqual(parsed.data);
      }
    }
  });
});
