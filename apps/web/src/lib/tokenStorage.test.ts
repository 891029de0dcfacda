import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  clearPersonalDeviceData,
  PERSONAL_STORAGE_PREFIX,
  subjectOfAccessToken,
} from './tokenStorage';

describe('clearPersonalDeviceData', () => {
  afterEach(() => localStorage.clear());

  it("removes one person's unsent work and nothing else", () => {
    localStorage.setItem(`${PERSONAL_STORAGE_PREFIX}quickApply.draft.new.o1.7`, '{}');
    localStorage.setItem(`${PERSONAL_STORAGE_PREFIX}quickApply.submit.o1.7`, '{}');
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token');
    localStorage.setItem('other-app', 'kept');
    clearPersonalDeviceData();
    expect(Object.keys(localStorage).sort()).toEqual(['other-app', ACCESS_TOKEN_STORAGE_KEY]);
  });
});

describe('subjectOfAccessToken', () => {
  const token = (claims: unknown) =>
    `h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

  it("reads the user id a token names, and nothing from what is not a user's token", () => {
    expect(subjectOfAccessToken(token({ sub: '42', sid: 'x' }))).toBe(42);
    expect(subjectOfAccessToken(token({ sub: 'abc' }))).toBeNull();
    expect(subjectOfAccessToken(token({ sub: '-1' }))).toBeNull();
    expect(subjectOfAccessToken(token({}))).toBeNull();
    expect(subjectOfAccessToken('not a token')).toBeNull();
    expect(subjectOfAccessToken('a.%%%.b')).toBeNull();
  });
});
