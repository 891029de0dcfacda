import {
  acceptTeamInvitation,
  expect,
  openingInput,
  signIn,
  signInAsOrganization,
  test,
  uniqueEmail,
} from './support/fixtures';

test('owners edit the organization profile and upload its logo while acting for it, coordinators read it, the openings picker searches, and an owner deletes an organization', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const organizationName = `Profile Works ${Date.now().toString(36)}`;
  await signInAsOrganization(page, organizationName);
  const token = (await page.evaluate(() => localStorage.getItem('placely.accessToken'))) ?? '';
  const headers = { Authorization: token };
  // The opening to find is the oldest of 25, so it is not on the picker's first page (20).
  const post = (title: string) =>
    page.request.post('/api/organization/openings', { headers, data: openingInput(title, { description: 'Work.' }) });
  expect((await post('Zeta navigator')).ok()).toBe(true);
  for (let index = 1; index <= 24; index += 1) expect((await post(`Filler role ${index}`)).ok()).toBe(true);
  const ownerEmail = uniqueEmail('co-owner');
  const coordinatorEmail = uniqueEmail('coordinator');
  for (const [email, role] of [
    [ownerEmail, 'owner'],
    [coordinatorEmail, 'coordinator'],
  ] as const) {
    expect((await page.request.post('/api/organization/people', { headers, data: { email, role } })).ok()).toBe(true);
  }

  // A person who is an owner signs in, acts for the organization, and edits its profile.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto('/');
  await signIn(owner, { email: ownerEmail, name: 'Oona Owner' });
  await acceptTeamInvitation(owner, organizationName);
  await owner.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: organizationName })).toBeVisible();
  const details = owner.getByRole('form', { name: 'Organization details' });
  await expect(details.getByRole('textbox', { name: 'Organization name' })).toHaveValue(organizationName);
  await details.getByRole('textbox', { name: 'About the organization' }).fill('We build campus hiring tools.');
  await details.getByRole('textbox', { name: 'Industry' }).fill('Education technology');
  // The owner uploads the organization's logo (a file of the organization, not of the person).
  await details.getByTestId('logo-file-input').setInputFiles({
    name: 'profile-works.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  });
  const logoUrl = details.getByRole('textbox', { name: 'Logo URL' });
  await expect(logoUrl).toHaveValue(/\/api\/files\/[0-9a-f-]{36}\/public$/);
  await expect(details.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(owner.getByText('Organization profile saved')).toBeVisible();
  const logo = await owner.request.get(await logoUrl.inputValue());
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');

  // The owner finds an old opening in the picker: the first page lacks it, "Load more" and typing both reach it.
  const people = owner.getByRole('region', { name: 'People' });
  await people.getByLabel('All openings').uncheck();
  const picker = people.getByRole('combobox', { name: 'Openings' });
  await picker.click();
  await expect(owner.getByRole('option', { name: 'Filler role 24' })).toBeVisible();
  await expect(owner.getByRole('option', { name: 'Zeta navigator' })).toBeHidden();
  await owner.getByRole('button', { name: 'Load more openings' }).click();
  await expect(owner.getByRole('option', { name: 'Zeta navigator' })).toBeVisible();
  await owner.keyboard.press('Escape');
  await picker.click();
  await picker.fill('  zeta ');
  await expect(owner.getByRole('option')).toHaveCount(1);
  await owner.getByRole('option', { name: 'Zeta navigator' }).click();
  await owner.keyboard.press('Escape');
  const reviewerEmail = uniqueEmail('reviewer');
  await people.getByRole('textbox', { name: 'Invite by email' }).fill(reviewerEmail);
  await people.getByRole('combobox', { name: 'Role' }).click();
  await owner.getByRole('option', { name: 'Reviewer' }).click();
  await people.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    owner.getByText(`${reviewerEmail} is invited as a reviewer: they join once they sign in to Placely and accept`),
  ).toBeVisible();
  await expect(people.getByRole('listitem').filter({ hasText: reviewerEmail })).toContainText('Zeta navigator');

  // A coordinator sees the profile read-only, with the owner's edit.
  const coordinator = await (await browser.newContext()).newPage();
  await coordinator.goto('/');
  await signIn(coordinator, { email: coordinatorEmail, name: 'Kiran Coordinator' });
  await acceptTeamInvitation(coordinator, organizationName);
  await coordinator.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(coordinator.getByText('Only its owners change these details.')).toBeVisible();
  const readOnly = coordinator.getByRole('form', { name: 'Organization details' });
  await expect(readOnly.getByRole('textbox', { name: 'About the organization' })).toHaveValue(
    'We build campus hiring tools.',
  );
  await expect(readOnly.getByRole('textbox', { name: 'Organization name' })).toBeDisabled();
  await expect(readOnly.getByRole('button', { name: 'Save profile' })).toBeHidden();
  await expect(coordinator.getByRole('button', { name: 'Delete organization' })).toBeHidden();
  await coordinator.context().close();

  // The profile edit is in the owners' activity log.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();
  await expect(
    page.getByRole('list', { name: 'Activity' }).getByText(/^Oona Owner · Profile edited: .*about/),
  ).toBeVisible();
  await owner.context().close();

  // A separate, throwaway organization is deleted by its owner after typing its name.
  const throwawayName = `Throwaway ${Date.now().toString(36)}`;
  const throwaway = await (await browser.newContext()).newPage();
  await signInAsOrganization(throwaway, throwawayName);
  // It runs a group whose join link someone already has.
  const throwawayToken = (await throwaway.evaluate(() => localStorage.getItem('placely.accessToken'))) ?? '';
  const created = await throwaway.request.post('/api/group', {
    headers: { Authorization: throwawayToken },
    data: { name: 'Throwaway alumni', joinPolicy: 'open' },
  });
  expect(created.ok()).toBe(true);
  const groupId = ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/joinGroupLink/${groupId}`);
  await expect(visitor.getByRole('heading', { name: 'Throwaway alumni' })).toBeVisible();
  await throwaway.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  // The sections above it load on their own (people, notification settings): once none is loading, the button no
  // longer moves down under the click (which then landed in the notification settings).
  await expect(throwaway.getByRole('table', { name: 'Notification settings' })).toBeVisible();
  await expect(throwaway.getByRole('progressbar')).toHaveCount(0);
  await throwaway.getByRole('button', { name: 'Delete organization' }).click();
  const confirm = throwaway.getByRole('dialog', { name: `Delete ${throwawayName}?` });
  const deleteButton = confirm.getByRole('button', { name: 'Delete for good' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox', { name: 'Organization name' }).fill('Throwaway');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox', { name: 'Organization name' }).fill(throwawayName);
  // Every message shown from the click on, in order: the refusals of the page's own reads, refetched after the
  // organization was gone, once flashed its deleted notice or replaced the deletion's message.
  await throwaway.evaluate(() => {
    const messages = () =>
      [...document.querySelectorAll('[role=alert], [role=status]')].map((m) => m.textContent ?? '');
    const before = new Set(messages());
    const shown: string[] = [];
    Object.assign(window, { shownAfterDelete: shown });
    new MutationObserver(() => {
      for (const text of messages()) if (text && !before.has(text) && shown.at(-1) !== text) shown.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await deleteButton.click();
  await expect(throwaway.getByText(`${throwawayName} was deleted`)).toBeVisible();
  await expect(throwaway.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  const shownAfterDelete = await throwaway.evaluate(
    () => (window as unknown as { shownAfterDelete: string[] }).shownAfterDelete,
  );
  expect(shownAfterDelete.filter((text) => !text.startsWith(`${throwawayName} was deleted`))).toEqual([]);
  // The group went with it: its join link shows the not-found screen (signed-out pages are rendered at most once per
  // 5 s per server, so a page seen just before the deletion may be served once more in that window).
  await expect(async () => {
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Group not found' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(visitor.getByText('This group no longer exists')).toBeVisible();
  await visitor.context().close();
  // Its account still signs in; its organization pages say what happened.
  await throwaway.goto('/organization/profile');
  await expect(throwaway.getByText('This organization was deleted. You can still sign in')).toBeVisible();
  await throwaway.context().close();
});
