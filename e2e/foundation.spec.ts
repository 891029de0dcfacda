import {
  allowConsoleErrors,
  expect,
  signIn,
  signInAsOrganization,
  signInAsStudent,
  test,
  uniqueEmail,
} from './support/fixtures';

const ACCESS_TOKEN_KEY = 'placely.accessToken';
/** The side navigation of an Individual (student) account. */
const INDIVIDUAL_NAVIGATION = [
  'Home',
  'Profile',
  'Education',
  'Skills',
  'Projects',
  'Experience',
  'Others',
  'Placements',
  'Interviews',
  'Campus',
];

test.describe('signed out', () => {
  test('the top bar offers sign-in and no account menu', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Placely home' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Your next opportunity, one form away' })).toBeVisible();
    await expect(page).toHaveTitle('Home · Placely');
  });

  test('an anonymous visitor on a form link sees no top bar', async ({ page }) => {
    // No such opening: the browser logs the 404 (the page says "Opening not found" and offers sign-in).
    allowConsoleErrors(page, /status of 404/);
    await page.goto('/forms/3f1c2a9e-0000-4000-8000-000000000000');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('no Install button without an install prompt', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Install' })).toHaveCount(0);
  });

  test('a blocked popup gets a human message', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/signin');
    await page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('alert')).toContainText(/pop-?up/i);
  });

  test('buttons ripple at the first press and at keyboard focus (the ripple loads at its first use)', async ({
    page,
  }) => {
    await page.goto('/signin');
    const button = page.getByRole('main').getByRole('button', { name: 'Sign in with Google' });
    await expect(button).toBeVisible();
    await expect(page.locator('.MuiTouchRipple-root')).toHaveCount(0);
    // Pressed and released away from the button: a ripple, and no click (which would open the sign-in popup). hover()
    // waits until the button holds still and is what the pointer would hit: a press at coordinates read earlier can
    // miss it while the page is still settling.
    await button.hover();
    const box = await button.boundingBox();
    if (!box) throw new Error('no box for the button');
    await page.mouse.down();
    await expect(button.locator('.MuiTouchRipple-ripple')).toHaveCount(1);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
    await page.mouse.up();
    await expect(button.locator('.MuiTouchRipple-ripple')).toHaveCount(0);

    // A fresh page, reached by keyboard: the focus ripple (a pulsate) shows once the ripple has loaded.
    await page.goto('/signin');
    await expect(button).toBeVisible();
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press('Tab');
      if (await button.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(button).toBeFocused();
    await expect(button).toHaveClass(/Mui-focusVisible/);
    await expect(button.locator('.MuiTouchRipple-ripplePulsate')).toHaveCount(1);
  });
});

test.describe('signing in', () => {
  test('a new user is asked for an account type and becomes an Organization', async ({ page }) => {
    await page.goto('/');
    await signIn(page, { email: uniqueEmail('new-org'), name: 'Mira Industries' });
    await expect(page.getByRole('alert').or(page.getByRole('status'))).toContainText('Account type does not exist!');
    await expect(page).toHaveURL(/\/selectaccounttype$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your account type' })).toBeVisible();
    await page.getByRole('radio', { name: 'Organization' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Mira' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Activity: the organization's audit trail, for its owners (issue #12).
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Profile',
      'Openings',
      'Campus',
      'Pipelines',
      'Team',
      'Groups',
      'Verifications',
      'Activity',
    ]);
  });

  test('signing in from a form link makes a new user an Individual without asking', async ({ page }) => {
    allowConsoleErrors(page, /status of 404/);
    await page.goto('/forms/3f1c2a9e-0000-4000-8000-000000000000');
    await signIn(page, {
      email: uniqueEmail('via-form'),
      name: 'Ravi Kumar',
      button: page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
    });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page).toHaveURL(/\/forms\/3f1c2a9e/);
    await page.goto('/');
    // Home is served rendered for signed-out visitors; with a stored token the app loads over it and restores the
    // session. (This once stayed signed out under load: leaving the form page aborted its sign-in request, which
    // cleared the token — see the next test.)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ravi' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText(
      INDIVIDUAL_NAVIGATION,
    );
  });

  test('leaving a form page before its sign-in finished keeps the session and still makes an Individual', async ({
    page,
  }) => {
    allowConsoleErrors(page, /status of 404/);
    // The account shows in the top bar as soon as the popup hands the token over, while POST /api/user/signIn is still
    // on its way (slow under load): the person can leave the page then, and the browser aborts that request. Here it
    // never reaches the server at all.
    let held: (() => void) | undefined;
    await page.route('**/api/user/signIn', async (route) => {
      if (held) return route.continue();
      await new Promise<void>((resolve) => {
        held = resolve;
      });
      await route.abort().catch(() => undefined);
    });
    await page.goto('/forms/3f1c2a9e-0000-4000-8000-000000000000');
    await signIn(page, {
      email: uniqueEmail('left-form'),
      name: 'Tara Sen',
      button: page.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
    });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect.poll(() => held !== undefined).toBe(true);
    await page.goto('/');
    held?.();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tara' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText(
      INDIVIDUAL_NAVIGATION,
    );
  });

  test('a reload keeps the session', async ({ page }) => {
    await signInAsStudent(page, 'Nisha Rao');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nisha' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('a 401 triggers exactly one refresh and the call then succeeds', async ({ page }) => {
    allowConsoleErrors(page, /status of 401/);
    await signInAsStudent(page, 'Kiran Das');
    await page.evaluate((key) => localStorage.setItem(key, 'expired-or-forged-token'), ACCESS_TOKEN_KEY);
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Kiran' })).toBeVisible();
    await page.goto('/student/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(refreshes).toHaveLength(1);
    const stored = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
    expect(stored).not.toBe('expired-or-forged-token');
  });

  test('/signout does not restore the session on reload', async ({ page }) => {
    await signInAsStudent(page, 'Leela Shah');
    await page.goto('/signout');
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  });

  test('signing out from the account menu ends the session for good', async ({ page }) => {
    await signInAsOrganization(page, 'Orbit Labs');
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY)).toBeNull();
    // The refresh token was revoked on the server: nothing brings the session back.
    const refresh = await page.request.post('/api/auth/refresh');
    expect(refresh.status()).toBe(401);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  });

  test('the account menu links to Feedback and Help', async ({ page }) => {
    await signInAsStudent(page, 'Arjun Mehta');
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Feedback' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Help' })).toBeVisible();
    await page.keyboard.press('Escape');
  });
});

test.describe('small screens and keyboard', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the navigation opens from the top bar and works by keyboard', async ({ page }) => {
    await signInAsStudent(page, 'Meena Iyer');
    const opener = page.getByRole('button', { name: 'Open navigation' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await nav.getByRole('link', { name: 'Profile' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/student\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('motion follows the system setting: none when reduced, while a busy indicator keeps turning', async ({
    page,
  }) => {
    const button = page.getByRole('main').getByRole('button', { name: 'Sign in with Google' });
    const motionOf = () =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { transition: style.transitionDuration, delay: style.transitionDelay };
      });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/signin');
    expect((await motionOf()).transition).toMatch(/^0\.2\d*s/);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await motionOf()).toEqual({ transition: expect.stringMatching(/^0\.001s(, 0\.001s)*$/), delay: '0s' });
    // A progress indicator says the app is busy: it still turns.
    const spinner = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.setAttribute('role', 'progressbar');
      probe.innerHTML = '<svg><circle></circle></svg>';
      probe.style.animation = 'probe-spin 1.4s linear infinite';
      document.body.append(probe);
      const circle = probe.querySelector('circle') as SVGCircleElement;
      circle.style.animation = 'probe-dash 1.4s ease-in-out infinite';
      return [getComputedStyle(probe).animationDuration, getComputedStyle(circle).animationDuration];
    });
    expect(spinner).toEqual(['1.4s', '1.4s']);
  });
});

test.describe('every route of the spec', () => {
  const publicRoutes = [
    '/aboutus',
    '/contactus',
    '/privacypolicy',
    '/termsandconditions',
    '/signin',
    '/viewer',
    '/viewer/abc123',
    '/forms',
    '/joinGroupLink',
    '/joinGroupLink/g1',
    '/joinVerificationLink',
    '/joinVerificationLink/v1',
    '/shortlisting',
    '/watch',
    '/UploadVideoForTask',
  ];
  const organizationRoutes = [
    '/organization/profile',
    '/organization/createOpening',
    '/organization/openings',
    '/organization/groups',
    '/organization/grouprequests',
    '/organization/groupfollowers',
    '/organization/verifications',
    '/organization/verificationrequests',
    '/organization/verificationfollowers',
  ];
  const studentRoutes = [
    '/student/profile',
    '/student/education',
    '/student/skills',
    '/student/projects',
    '/student/experience',
    '/student/others',
    '/student/placements',
  ];

  const expectRealPage = async (page: import('@playwright/test').Page, route: string) => {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), route).toHaveCount(0);
  };

  test('public pages render for anyone', async ({ page }) => {
    for (const route of publicRoutes) await expectRealPage(page, route);
  });

  test('organization pages render for an organization', async ({ page }) => {
    await signInAsOrganization(page, 'Zenith Campus');
    for (const route of organizationRoutes) await expectRealPage(page, route);
  });

  test('student pages render for a student', async ({ page }) => {
    await signInAsStudent(page, 'Pooja Nair');
    for (const route of studentRoutes) await expectRealPage(page, route);
  });
});
