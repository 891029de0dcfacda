import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, openingInput, signInAsOrganization, test, uniqueEmail } from './support/fixtures';
import { applyOverHttp, type HttpPerson, individualOverHttp } from './support/http-people';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');

/** The code in the mail to the mailbox's address, once the outbox worker has sent it. */
async function codeFromMailbox(mailbox: HttpPerson): Promise<string> {
  const headers = { Authorization: mailbox.token };
  let subject: string | undefined;
  let text = '';
  await expect
    .poll(
      async () => {
        const latest = await mailbox.request.get('/api/dev/mail/latest', { headers });
        if (latest.ok()) ({ subject, text } = (await latest.json()).result.data);
        return subject ?? '';
      },
      { timeout: 30_000 },
    )
    .toMatch(/^Your code: [0-9]{6} — Placely$/);
  const code = /Type ([0-9]{6}) on the shortlist/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the mail: ${text}`);
  return code;
}

test('a share link that asks reviewers to confirm their email: a wrong code is refused, the right one lets the reviewer give a verdict the organization sees with the address', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsOrganization(page, 'Confirmed Labs');
  const auth = { Authorization: await tokenOf(page) };
  const created = await page.request.post('/api/organization/openings', {
    headers: auth,
    data: openingInput('Platform engineer', { openingsCount: 2 }),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;

  const names = ['Kavya Pillai', 'Rohan Das'];
  const applicationIds: string[] = [];
  for (const name of names) applicationIds.push(await applyOverHttp(openingId, name));
  // The shortlist through the API (shortlists.spec.ts builds one from the table's selection).
  const shortlisted = await page.request.post('/api/organization/shortlisting/lists', {
    headers: auth,
    data: { openingId, name: 'Panel review', applicationIds },
  });
  expect(shortlisted.ok()).toBe(true);
  const shortlistId: string = (await shortlisted.json()).result.data.id;

  // The organization shares with the email confirmation ticked.
  await page.goto(`/organization/openings?opening=${openingId}&shortlist=${shortlistId}`);
  const shortlist = page.getByRole('dialog', { name: 'Panel review' });
  await shortlist.getByRole('button', { name: 'Share…' }).click();
  const share = page.getByRole('dialog', { name: 'Share “Panel review”' });
  await share
    .getByRole('checkbox', { name: 'Reviewers confirm their email address with a code before giving verdicts' })
    .check();
  await share.getByRole('textbox', { name: 'Label (who it is for)' }).fill('Tech panel');
  await expectNoAxeViolations(page, 'the share dialog', share);
  await share.getByRole('button', { name: 'Create link' }).click();
  const url = await share.getByTestId('share-link-url').inputValue();
  expect(url).toContain('/shortlisting?link=');
  await expect(share.getByRole('list', { name: 'Share links' })).toContainText(
    'Tech panel · 0 views · confirmed emails',
  );
  await share.getByRole('button', { name: 'Close' }).click();

  // The reviewer's mailbox: the development outbox shows a mail to whoever is signed in with its address.
  const reviewerEmail = uniqueEmail('reviewer');
  const mailbox = await individualOverHttp('Farah Ali', reviewerEmail);

  // The reviewer opens the link signed out, on a phone-sized screen: no verdict until the address is confirmed.
  const visitorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  // The first render of the public route loads its chunks: on a busy machine that takes longer than an expect's 10 s.
  await expect(visitor.getByRole('heading', { name: 'Panel review' })).toBeVisible({ timeout: 30_000 });
  await expect(
    visitor.getByText('This link asks reviewers to confirm their email address before giving verdicts.'),
  ).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Your name' }).fill('Farah (tech panel)');
  await visitor.getByText(`1. ${names[0]}`).click();
  await expect(visitor.getByRole('button', { name: 'Save verdict' }).first()).toBeDisabled();
  await expect(visitor.getByText('Confirm your email address above to leave a verdict.').first()).toBeVisible();

  await visitor.getByRole('textbox', { name: 'Your email address' }).fill(reviewerEmail);
  await visitor.getByRole('button', { name: 'Send me a code' }).click();
  await expect(visitor.getByText(`We sent a code to ${reviewerEmail}. It works for 15 minutes.`)).toBeVisible();
  const code = await codeFromMailbox(mailbox);

  // A wrong code: refused, with the reason beside the field, and still no verdict.
  const codeField = visitor.getByRole('textbox', { name: `Code sent to ${reviewerEmail}` });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await visitor.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  // Said once, beside the field (not again in the snackbar, as "code: …").
  await expect(visitor.getByText('That code is not right. Check the latest mail and try again.')).toBeVisible();
  await expect(visitor.getByText(/That code is not right/)).toHaveCount(1);
  await expectNoAxeViolations(visitor, 'the shared shortlist with a refused code');
  await expect(visitor.getByRole('button', { name: 'Save verdict' }).first()).toBeDisabled();

  // The code from the mail.
  await codeField.fill(code);
  await visitor.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(visitor.getByText(`Your verdicts carry your confirmed address, ${reviewerEmail}.`)).toBeVisible();
  await expect(codeField).toHaveCount(0);

  await visitor
    .getByRole('group', { name: `Your verdict on ${names[0]}` })
    .getByRole('button', { name: 'Yes' })
    .click();
  await visitor.getByRole('textbox', { name: `Comment on ${names[0]} (optional)` }).fill('Sharp on failure modes');
  await visitor.getByRole('button', { name: 'Save verdict' }).first().click();
  await expect(visitor.getByText('Thank you — your verdict is saved')).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Verdicts' }).first()).toContainText(
    `Farah (tech panel) <${reviewerEmail}>: Sharp on failure modes`,
  );
  const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The organization sees the verdict beside the candidate, carrying the confirmed address and the link's label.
  await page.reload();
  const reopened = page.getByRole('dialog', { name: 'Panel review' });
  const entries = reopened.getByRole('list', { name: 'Candidates' }).getByRole('listitem');
  // A reload renders the whole responses page again before the dialog loads: seconds more on a busy machine.
  await expect(entries.filter({ hasText: `1.${names[0]}` })).toContainText(
    `YesFarah (tech panel) <${reviewerEmail}> (Tech panel): Sharp on failure modes`,
    { timeout: 30_000 },
  );
  await expect(entries.filter({ hasText: `2.${names[1]}` })).not.toContainText('Farah');

  await mailbox.request.dispose();
  await visitorContext.close();
});
