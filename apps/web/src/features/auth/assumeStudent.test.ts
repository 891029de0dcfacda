import { describe, expect, it } from 'vitest';
import { isAssumeStudentPath, shouldAssumeStudent } from './assumeStudent';

describe('isAssumeStudentPath', () => {
  it.each([
    '/forms',
    '/forms/',
    '/forms/123',
    '/joinGroupLink',
    '/joinGroupLink/77',
    '/joinVerificationLink',
    '/joinVerificationLink/9',
    '/joingrouplink/77',
    '/forms/123?ref=mail',
    '/UploadVideoForTask?task=5f0e',
  ])('is true for %s', (path) => {
    expect(isAssumeStudentPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/signin',
    '/formsx',
    '/student/profile',
    '/organization/groups',
    '/joinGroupLinks',
    '/watch?answer=5f0e',
    null,
    undefined,
    '',
  ])('is false for %s', (path) => {
    expect(isAssumeStudentPath(path)).toBe(false);
  });
});

describe('shouldAssumeStudent', () => {
  it('is true when the sign-in heads to a form (via ?next=)', () => {
    expect(shouldAssumeStudent('/signin', '/forms/5')).toBe(true);
  });

  it('is false for ordinary sign-ins', () => {
    expect(shouldAssumeStudent('/signin', '/')).toBe(false);
    expect(shouldAssumeStudent('/', null)).toBe(false);
  });
});
