import { acceptTeamInvitation, expect, signIn, signInAsOrganization, test, uniqueEmail } from './support/fixtures';

test("a coordinator runs the organization's group: creates it, and accepts a join request", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Campus Cell Co');
  const ownerToken = await page.evaluate(() => localStorage.getItem('placely.accessToken'));
  const coordinatorEmail = uniqueEmail('group-coordinator');
  const invited = await page.request.post('/api/organization/people', {
    headers: { Authorization: ownerToken ?? '' },
    data: { email: coordinatorEmail, role: 'coordinator' },
  });
  expect(invited.ok()).toBe(true);

  // The coordinator signs in for the first time and, acting for the organization, finds its Groups in the menu.
  const coordinator = await (await browser.newContext()).newPage();
  await coordinator.goto('/');
  await signIn(coordinator, { email: coordinatorEmail, name: 'Meera Coordinator' });
  await acceptTeamInvitation(coordinator, 'Campus Cell Co');
  const nav = coordinator.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Groups' }).click();
  await expect(coordinator.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  await coordinator.getByRole('button', { name: 'New group' }).click();
  const dialog = coordinator.getByRole('dialog', { name: 'New group' });
  await dialog.getByLabel('Name').fill('Campus cell 2027');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const groups = coordinator.getByRole('list', { name: 'Groups' });
  await expect(groups.getByRole('heading', { name: 'Campus cell 2027' })).toBeVisible();
  await coordinator.getByRole('button', { name: 'Share Campus cell 2027' }).click();
  const share = coordinator.getByRole('dialog', { name: 'Join link for Campus cell 2027' });
  const joinPath = new URL(await share.getByLabel('Link').inputValue()).pathname;
  await share.getByRole('button', { name: 'Done' }).click();

  // A student asks to join by the link.
  const student = await (await browser.newContext()).newPage();
  await student.goto(joinPath);
  await expect(student.getByRole('heading', { level: 1, name: 'Campus cell 2027' })).toBeVisible();
  await signIn(student, {
    email: uniqueEmail('group-student'),
    name: 'Tara Student',
    button: student.getByRole('main').getByRole('button', { name: 'Sign in with Google' }),
  });
  await student.getByRole('button', { name: 'Request to join' }).click();
  await expect(student.getByText('Request sent')).toBeVisible();
  await student.context().close();

  // The coordinator accepts it; the group is the organization's, so its owner sees the new member.
  await coordinator.goto('/organization/grouprequests');
  const requests = coordinator.getByRole('list', { name: 'Join requests' });
  await expect(requests.getByText('Tara Student')).toBeVisible();
  await coordinator.getByRole('button', { name: 'Accept Tara Student' }).click();
  await expect(coordinator.getByText('No requests are waiting.', { exact: false })).toBeVisible();
  await coordinator.context().close();

  await page.goto('/organization/groups');
  await expect(
    page.getByRole('list', { name: 'Groups' }).getByRole('heading', { name: 'Campus cell 2027' }),
  ).toBeVisible();
  const members = await page.request.get('/api/groups?limit=10', { headers: { Authorization: ownerToken ?? '' } });
  const [group] = (await members.json()).result.data.items;
  expect(group.memberCount).toBe(1);
});
