import {
  acceptTeamInvitation,
  expect,
  openingInput,
  signIn,
  signInAsOrganization,
  test,
  uniqueEmail,
} from './support/fixtures';

const openingBody = (title: string) => openingInput(title, { description: 'Build the campus hiring pipeline.' });

test('an owner builds a team: invitations by email, a reviewer limited to one opening, removal, and the activity log', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Teamwork Labs');
  const ownerToken = await page.evaluate(() => localStorage.getItem('placely.accessToken'));
  const assigned = await page.request.post('/api/organization/openings', {
    headers: { Authorization: ownerToken ?? '' },
    data: openingBody('Campus ambassador'),
  });
  expect(assigned.ok()).toBe(true);

  // The owner invites a coordinator and a reviewer (limited to "Campus ambassador") from the People section.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  const people = page.getByRole('region', { name: 'People' });
  await expect(people.getByRole('list', { name: 'People' }).getByText('Owner', { exact: true })).toBeVisible();
  const coordinatorEmail = uniqueEmail('coordinator');
  const reviewerEmail = uniqueEmail('reviewer');
  await people.getByRole('textbox', { name: 'Invite by email' }).fill(coordinatorEmail);
  await people.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByText(
      `${coordinatorEmail} is invited as a coordinator: they join once they sign in to Placely and accept`,
    ),
  ).toBeVisible();
  await expect(people.getByRole('listitem').filter({ hasText: coordinatorEmail })).toContainText('Invited');

  await people.getByRole('textbox', { name: 'Invite by email' }).fill(reviewerEmail);
  await people.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Reviewer' }).click();
  await people.getByLabel('All openings').uncheck();
  await people.getByRole('combobox', { name: 'Openings' }).click();
  await page.getByRole('option', { name: 'Campus ambassador' }).click();
  await page.keyboard.press('Escape');
  await people.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByText(`${reviewerEmail} is invited as a reviewer: they join once they sign in to Placely and accept`),
  ).toBeVisible();
  await expect(people.getByRole('listitem').filter({ hasText: reviewerEmail })).toContainText('Campus ambassador');

  // The coordinator signs in for the first time through the popup: not in the team until they accept. The
  // invitation's notification leads to the Team page (in the menu while it waits), which accepts it (issue 40).
  const coordinator = await (await browser.newContext()).newPage();
  await coordinator.goto('/');
  await signIn(coordinator, { email: coordinatorEmail, name: 'Kiran Coordinator' });
  await expect(coordinator.getByTestId('acting-for')).toBeHidden();
  await coordinator.goto('/notifications');
  await coordinator
    .getByTestId('notification-item')
    .filter({ hasText: 'Teamwork Labs invited you to its team on Placely as a coordinator' })
    .click();
  await expect(coordinator).toHaveURL(/\/team$/);
  await expect(coordinator.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(coordinator.getByRole('list', { name: 'Invitations' })).toContainText(
    'Teamwork Labs invites you as coordinator',
  );
  await coordinator.getByRole('button', { name: 'Accept the invitation from Teamwork Labs' }).click();
  await expect(coordinator.getByText('You joined Teamwork Labs as a coordinator')).toBeVisible();
  await expect(coordinator.getByTestId('acting-for')).toHaveText('Teamwork Labs');
  const coordinatorNav = coordinator.getByRole('navigation', { name: 'Main navigation' });
  await expect(coordinatorNav.getByRole('link', { name: 'Openings' })).toBeVisible();
  await expect(coordinatorNav.getByRole('link', { name: 'Education' })).toBeHidden();
  await coordinatorNav.getByRole('link', { name: 'Openings' }).click();
  await expect(coordinator.getByRole('article', { name: 'Campus ambassador' })).toBeVisible();
  await coordinator.getByRole('main').getByRole('link', { name: 'Create an opening' }).click();
  await coordinator.getByRole('textbox', { name: 'Title', exact: true }).fill('Data analyst');
  await coordinator.getByRole('button', { name: 'Save draft' }).click();
  await expect(coordinator.getByText('Opening created')).toBeVisible();
  await coordinator.getByRole('link', { name: 'All your openings' }).click();
  await expect(coordinator.getByRole('article', { name: 'Data analyst' })).toBeVisible();

  // The reviewer sees only their opening, and cannot export its responses.
  const reviewer = await (await browser.newContext()).newPage();
  await reviewer.goto('/');
  await signIn(reviewer, { email: reviewerEmail, name: 'Ravi Reviewer' });
  await acceptTeamInvitation(reviewer, 'Teamwork Labs');
  await reviewer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Openings' }).click();
  await expect(reviewer.getByRole('article', { name: 'Campus ambassador' })).toBeVisible();
  await expect(reviewer.getByRole('article', { name: 'Data analyst' })).toBeHidden();
  await expect(reviewer.getByRole('link', { name: 'Create an opening' })).toBeHidden();
  await reviewer.getByRole('link', { name: 'Responses to Campus ambassador' }).click();
  await expect(reviewer.getByRole('heading', { name: 'Campus ambassador' })).toBeVisible();
  await expect(reviewer.getByRole('status').filter({ hasText: '0 applications' })).toBeVisible();
  await expect(reviewer.getByRole('button', { name: /Download CSV/ })).toBeHidden();
  // The choice survives a reload.
  await reviewer.reload();
  await expect(reviewer.getByTestId('acting-for')).toHaveText('Teamwork Labs');
  await expect(reviewer.getByRole('heading', { name: 'Campus ambassador' })).toBeVisible();
  await reviewer.context().close();

  // The owner removes the coordinator (after confirming); the coordinator's next action is refused.
  await page.reload();
  const coordinatorRow = people.getByRole('listitem').filter({ hasText: coordinatorEmail });
  await expect(coordinatorRow).toContainText('Kiran Coordinator');
  await coordinatorRow.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove from the organization?' });
  await expect(confirm).toContainText('loses access at once');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${coordinatorEmail} was removed from the organization`)).toBeVisible();
  await expect(coordinatorRow).toBeHidden();

  await coordinator
    .getByRole('article', { name: 'Data analyst' })
    .getByRole('button', { name: 'More actions for Data analyst' })
    .click();
  // The coordinator saved it as a draft: the action on offer is Publish.
  await coordinator.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(coordinator.getByText('You are no longer a member of this organization.')).toBeVisible();
  await coordinator.context().close();

  // The Activity page lists all of it, and filters by kind.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();
  const activity = page.getByRole('list', { name: 'Activity' });
  await expect(activity.getByText(`Member removed: ${coordinatorEmail}`)).toBeVisible();
  await expect(activity.getByText('Kiran Coordinator · Opening created')).toBeVisible();
  await expect(activity.getByText(`Member invited: ${reviewerEmail} as reviewer`)).toBeVisible();
  await expect(activity.getByText(`Member invited: ${coordinatorEmail} as coordinator`)).toBeVisible();
  await expect(
    activity.getByText(
      `Kiran Coordinator · Member joined: ${coordinatorEmail} accepted the invitation, now coordinator`,
    ),
  ).toBeVisible();
  await expect(activity.getByText('Teamwork Labs · Opening created')).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Member removed' }).click();
  await expect(activity.getByRole('listitem')).toHaveCount(1);
});
