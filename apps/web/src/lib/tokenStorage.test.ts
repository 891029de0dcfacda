import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY, clearPersonalDeviceData, PERSONAL_STORAGE_PREFIX } from './tokenStorage';

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
