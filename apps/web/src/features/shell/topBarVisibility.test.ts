import { describe, expect, it } from 'vitest';
import { shouldShowTopBar } from './topBarVisibility';

describe('shouldShowTopBar', () => {
  it.each([
    ['/forms', false],
    ['/forms/42', false],
    ['/forms/', false],
    ['/Forms/42', false],
    ['/shortlisting', false],
  ])('hides the bar for an anonymous visitor on %s', (pathname, expected) => {
    expect(shouldShowTopBar({ hasToken: false, pathname })).toBe(expected);
  });

  it.each(['/', '/signin', '/formsx', '/student/profile', '/viewer/abc', '/nope'])(
    'shows the bar for an anonymous visitor on %s',
    (pathname) => {
      expect(shouldShowTopBar({ hasToken: false, pathname })).toBe(true);
    },
  );

  it.each(['/forms', '/forms/42', '/'])('always shows the bar with an access token (%s)', (pathname) => {
    expect(shouldShowTopBar({ hasToken: true, pathname })).toBe(true);
  });
});
