import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import {
  acceptTeamInvitation,
  expect,
  openingInput,
  signInAsOrganization,
  signInAsStudent,
  test,
} from './support/fixtures';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('placely.accessToken') ?? '');
const ORG = 'Interview Labs';
/** The day of the slots: two days ahead (the browser's zone is the one the generator plans in). */
const slotDay = () => {
  const date = new Date(Date.now() + 2 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

interface OpenSlot {
  id: string;
  panelId: string;
  startsAt: string;
}

test('an organization runs an interview round: slots, bookings with a race, a reschedule with its calendar mail, attendance on a phone, scorecards, ranking and the bulk move', async ({
  page,
  browser,
}) => {
  test.setTimeout(900_000);
  // The app's chunks in this context's cache first: on a busy machine the first cold load of the signed-in home
  // page can take longer than the sign-in helper waits.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  await signInAsOrganization(page, ORG);
  const owner = { Authorization: await tokenOf(page) };
  const created = await page.request.post('/api/organization/openings', {
    headers: owner,
    data: openingInput('Graduate engineer'),
  });
  expect(created.ok()).toBe(true);
  const openingId: string = (await created.json()).result.data.id;
  const stage = await page.request.post('/api/organization/shortlisting/stages', {
    headers: owner,
    data: { openingId, name: 'Technical interview' },
  });
  const stageId: string = (await stage.json()).result.data.stages.find(
    (s: { name: string }) => s.name === 'Technical interview',
  ).id;
  expect(
    (
      await page.request.post('/api/organization/shortlisting/stages', {
        headers: owner,
        data: { openingId, name: 'HR round', afterStageId: stageId },
      })
    ).ok(),
  ).toBe(true);

  // Two people of the team who will sit on the first panel: invited by the owner, they accept in the app.
  const panelists: { page: Page; email: string; name: string }[] = [];
  for (const [name, role] of [
    ['Priya Iyer', 'coordinator'],
    ['Rahul Das', 'reviewer'],
  ] as const) {
    const panelistPage = await (await browser.newContext()).newPage();
    const email = await signInAsStudent(panelistPage, name);
    const invited = await page.request.post('/api/organization/people', {
      headers: owner,
      data: { email, role },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    await panelistPage.goto('/');
    await acceptTeamInvitation(panelistPage, ORG);
    panelists.push({ page: panelistPage, email, name });
  }

  // Ten candidates apply (through the API) and are moved into the round's stage.
  const candidates: { name: string; token: string; page: Page | null }[] = [];
  const applicationIds: string[] = [];
  const names = ['Asha Verma', 'Bala Krishnan', 'Chitra Rao', 'Dev Patel', 'Esha Singh'];
  names.push('Farhan Ali', 'Gita Menon', 'Hari Nair', 'Isha Gupta', 'Jai Sharma');
  for (const [i, name] of names.entries()) {
    const candidatePage = await (await browser.newContext()).newPage();
    await signInAsStudent(candidatePage, name);
    const token = await tokenOf(candidatePage);
    const applied = await candidatePage.request.post('/api/placements/campus/apply', {
      headers: { Authorization: token },
      data: { openingId, idempotencyKey: `e2e-rounds-${i}-${Date.now()}`, answers: { name } },
    });
    expect(applied.ok(), await applied.text()).toBe(true);
    applicationIds.push((await applied.json()).result.data.id);
    // The last three book in the browser (Hari books and reschedules; Isha and Jai race for one seat).
    if (i < 7) await candidatePage.context().close();
    candidates.push({ name, token, page: i < 7 ? null : candidatePage });
  }
  expect(new Set(applicationIds).size).toBe(10);
  expect(
    (
      await page.request.post('/api/organization/shortlisting/moves', {
        headers: owner,
        data: { openingId, toStageId: stageId, applicationIds },
      })
    ).ok(),
  ).toBe(true);

  // The organization makes the stage a round in the browser: settings and scorecard.
  await page.goto(`/organization/openings?opening=${openingId}`);
  const rounds = page.getByRole('region', { name: 'Interviews and rounds' });
  await rounds.getByRole('button', { name: 'Make Technical interview a round' }).click();
  const settings = page.getByRole('dialog', { name: 'Round: Technical interview' });
  await settings.getByRole('textbox', { name: 'Venue' }).fill('Block A, room 101');
  await settings.getByRole('button', { name: 'Add a criterion' }).click();
  await settings.getByRole('textbox', { name: 'Criterion 2' }).fill('Communication');
  await expectNoAxeViolations(page, 'the round settings dialog', settings);
  await settings.getByRole('button', { name: 'Save round' }).click();
  await expect(page.getByText('Round saved')).toBeVisible();

  // Three panels: the two team members on the first, outside interviewers on the others.
  const panelRows = [
    [
      ['Panel 1', panelists[0]?.email ?? '', 'Priya Iyer'],
      ['', panelists[1]?.email ?? '', 'Rahul Das'],
    ],
    [['Panel 2', 'engineer.one@partner.example', 'Outside One']],
    [['Panel 3', 'engineer.two@partner.example', 'Outside Two']],
  ];
  for (const rows of panelRows) {
    await rounds.getByRole('button', { name: 'Add a panel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a panel' });
    await dialog.getByRole('textbox', { name: 'Panel name' }).fill(rows[0]?.[0] ?? '');
    for (const [i, [, email, name]] of rows.entries()) {
      if (i > 0) await dialog.getByRole('button', { name: 'Add a panelist' }).click();
      await dialog.getByRole('textbox', { name: `Panelist ${i + 1} email` }).fill(email ?? '');
      await dialog.getByRole('textbox', { name: `Panelist ${i + 1} name` }).fill(name ?? '');
    }
    await dialog.getByRole('button', { name: 'Add panel' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(rounds.getByText(/Panel 3: Outside Two \(outside\)/)).toBeVisible();

  // The generator: 10:00–12:00, 30 min, three panels, no lunch in that window → 12 slots, previewed first.
  await rounds.getByRole('button', { name: 'Generate slots' }).click();
  const generator = page.getByRole('dialog', { name: 'Generate slots' });
  await generator.getByLabel('Day').fill(slotDay());
  await generator.getByLabel('From', { exact: true }).fill('10:00');
  await generator.getByLabel('To', { exact: true }).fill('12:00');
  await generator.getByRole('button', { name: 'Remove break 1' }).click();
  await expect(generator.getByRole('status')).toContainText('Preview: 12 slots — 4 per panel × 3 panels');
  await expectNoAxeViolations(page, 'the slot generator', generator);
  await generator.getByRole('button', { name: 'Create 12 slots' }).click();
  await expect(page.getByText('12 slots created')).toBeVisible();

  const round = (
    await (await page.request.get(`/api/organization/rounds?openingId=${openingId}`, { headers: owner })).json()
  ).result.data.items[0];
  const panelOne: string = round.panels[0].id;
  const openSlots = async (token: string): Promise<OpenSlot[]> =>
    (await (await page.request.get('/api/rounds/mine', { headers: { Authorization: token } })).json()).result.data
      .items[0].openSlots;

  // Seven candidates book through the API: Asha and Bala on panel 1 (the two to be scored), five elsewhere.
  const first = await openSlots(candidates[0]?.token ?? '');
  const onPanelOne = first.filter((s) => s.panelId === panelOne);
  const elsewhere = first.filter((s) => s.panelId !== panelOne);
  const picks = [onPanelOne[0], onPanelOne[1], ...elsewhere.slice(0, 5)];
  for (const [i, slot] of picks.entries()) {
    const booked = await page.request.post('/api/rounds/bookings', {
      headers: { Authorization: candidates[i]?.token ?? '' },
      data: { roundId: round.id, slotId: slot?.id },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
  }

  // Hari books in the browser, then moves his booking.
  const hari = candidates[7]?.page as Page;
  await hari.goto('/student/interviews');
  const hariSlots = hari.getByRole('list', { name: 'Free slots of Technical interview' });
  await expect(hariSlots.getByRole('listitem')).toHaveCount(5);
  await hariSlots.getByRole('button', { name: 'Book' }).first().click();
  await expect(hari.getByText('Slot booked. A calendar invitation is on its way.')).toBeVisible();
  await expect(hariSlots.getByRole('listitem')).toHaveCount(4);
  await expectNoAxeViolations(hari, 'the candidate’s interviews page');

  // Isha and Jai race for the same seat: one gets it, the other is told plainly and books another.
  const isha = candidates[8]?.page as Page;
  const jai = candidates[9]?.page as Page;
  await isha.goto('/student/interviews');
  await jai.goto('/student/interviews');
  const seatOf = (p: Page) =>
    p.getByRole('list', { name: 'Free slots of Technical interview' }).getByRole('button', { name: 'Book' }).first();
  await expect(seatOf(isha)).toBeVisible();
  await expect(seatOf(jai)).toBeVisible();
  await Promise.all([seatOf(isha).click(), seatOf(jai).click()]);
  const won = isha.getByText('Slot booked. A calendar invitation is on its way.');
  const taken = 'Sorry, this slot was just taken. Please choose another one.';
  // The two pages are separate browsers: wait until one of them shows the booking.
  await expect
    .poll(
      async () =>
        (await won.isVisible()) ||
        (await jai.getByText('Slot booked. A calendar invitation is on its way.').isVisible()),
    )
    .toBe(true);
  const ishaWon = await won.isVisible();
  const loser = ishaWon ? jai : isha;
  await expect(loser.getByText(taken)).toBeVisible();
  await seatOf(loser).click();
  await expect(loser.getByText('Slot booked. A calendar invitation is on its way.')).toBeVisible();

  // Hari reschedules to the last free slot; his mail carries an .ics at the new time, same UID, next SEQUENCE.
  await hari.reload();
  const moveTo = hariSlots.getByRole('listitem').last();
  await expect(hariSlots.getByRole('listitem')).toHaveCount(2);
  const free = await openSlots(candidates[7]?.token ?? '');
  const target = free.at(-1) as OpenSlot;
  await moveTo.getByRole('button', { name: 'Move here' }).click();
  await expect(hari.getByText('Booking moved. Your calendar invitation is updated.')).toBeVisible();
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  let ics = '';
  await expect
    .poll(
      async () => {
        const latest = await hari.request.get('/api/dev/mail/latest', {
          headers: { Authorization: candidates[7]?.token ?? '' },
        });
        if (!latest.ok()) return '';
        const mail = (await latest.json()).result.data as { attachments: { filename: string; content: string }[] };
        ics = mail.attachments.find((a) => a.filename.endsWith('.ics'))?.content ?? '';
        return ics;
      },
      { timeout: 30_000 },
    )
    .toContain(`DTSTART:${stamp(new Date(target.startsAt).toISOString())}`);
  expect(ics).toContain('METHOD:REQUEST');
  expect(ics).toContain('SEQUENCE:1');
  expect(ics).toMatch(/UID:[0-9a-f-]+@rounds\.placely/);

  // The panel marks attendance on a phone-sized screen.
  const [priya, rahul] = panelists;
  const day = `/organization/rounds/day?round=${round.id}&date=${slotDay()}`;
  await priya?.page.setViewportSize({ width: 360, height: 740 });
  await priya?.page.goto(day);
  for (const name of ['Asha Verma', 'Bala Krishnan']) {
    const group = priya?.page.getByRole('group', { name: `Attendance of ${name}` });
    await group?.getByRole('button', { name: 'Present' }).click();
    await expect(group?.getByRole('button', { name: 'Present' }) as never).toHaveAttribute('aria-pressed', 'true');
  }
  const scrollWidth = await priya?.page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(priya?.page as Page, 'the day view at 360 px');

  // The outside interviewer of panel 2 gets a personal link: only their slots and candidates.
  await page.goto(`/organization/openings?opening=${openingId}`);
  await rounds.getByRole('button', { name: 'Make a link for Outside One' }).click();
  const url = (await page.getByTestId('panel-link-url').textContent()) ?? '';
  expect(url).toContain('/rounds/panel?link=');
  const outside = await (await browser.newContext()).newPage();
  await outside.goto(url);
  await expect(outside.getByRole('heading', { level: 1, name: 'Your interviews' })).toBeVisible();
  await expect(outside.getByText(/Outside One · Technical interview/)).toBeVisible();
  await expect(outside.getByRole('region', { name: /^Slot at / })).toHaveCount(4);
  await expect(outside.getByText('Asha Verma')).toHaveCount(0);
  await expectNoAxeViolations(outside, 'the outside interviewer’s page');
  await outside.context().close();

  // Two panelists submit scorecards; the second sees the first's only after submitting.
  const score = async (p: Page, name: string, values: [string, string], recommendation: string, others: number) => {
    await p.getByRole('button', { name: `Scorecard for ${name}` }).click();
    const dialog = p.getByRole('dialog', { name: `Scorecard: ${name}` });
    if (others > 0)
      await expect(dialog.getByText('Other panelists’ scorecards show once you submit yours.')).toBeVisible();
    await dialog
      .getByRole('radiogroup', { name: 'Problem solving (1–5)' })
      .getByRole('radio', { name: values[0] })
      .check();
    await dialog
      .getByRole('radiogroup', { name: 'Communication (1–5)' })
      .getByRole('radio', { name: values[1] })
      .check();
    await dialog
      .getByRole('radiogroup', { name: 'Overall recommendation' })
      .getByRole('radio', { name: recommendation, exact: true })
      .check();
    if (others > 0) await expectNoAxeViolations(p, 'the scorecard dialog', dialog);
    await dialog.getByRole('button', { name: 'Submit scorecard' }).click();
    await expect(p.getByText('Scorecard submitted')).toBeVisible();
    await expect(dialog.getByRole('article')).toHaveCount(others);
    await dialog.getByRole('button', { name: 'Close' }).click();
  };
  await score(priya?.page as Page, 'Asha Verma', ['5', '4'], 'Strong yes', 0);
  await score(priya?.page as Page, 'Bala Krishnan', ['2', '2'], 'No', 0);
  await rahul?.page.goto(day);
  await score(rahul?.page as Page, 'Asha Verma', ['4', '4'], 'Yes', 1);
  await score(rahul?.page as Page, 'Bala Krishnan', ['2', '3'], 'No', 1);

  // The ranking weighs the round's scorecards and explains the term.
  await page.goto(`/organization/openings?opening=${openingId}&view=ranking`);
  await page.getByRole('button', { name: 'Set a ranking recipe' }).click();
  const recipe = page.getByRole('dialog', { name: 'Ranking recipe' });
  await recipe.getByRole('combobox', { name: 'Add a criterion' }).click();
  await page.getByRole('option', { name: 'Round scorecards' }).click();
  await expect(recipe.getByRole('combobox', { name: 'Round' })).toContainText('Technical interview');
  await recipe.getByRole('button', { name: 'Save and re-rank' }).click();
  await expect(page.getByText('Ranking recipe saved')).toBeVisible();
  const table = page.getByRole('table', { name: 'Candidates in rank order' });
  await expect(table.getByRole('row').nth(1)).toContainText('Asha Verma');
  await table.getByRole('button', { name: 'Score breakdown of Asha Verma' }).click();
  const breakdown = page.getByRole('dialog', { name: /Asha Verma: rank 1/ });
  const term = breakdown.getByRole('row').filter({ hasText: 'Technical interview scorecards' });
  await expect(term).toContainText('4.33 of 5');
  await breakdown.getByRole('button', { name: 'Close' }).click();

  // After the round: every "yes" or "strong yes" moves on to the HR round in one action from the day view.
  await page.goto(day);
  const move = page.getByRole('region', { name: 'Move candidates on' });
  await expect(move.getByRole('checkbox', { name: 'Yes', exact: true })).toBeChecked();
  await expect(move.getByRole('checkbox', { name: 'Strong yes' })).toBeChecked();
  await move.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: 'HR round' }).click();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('1 candidate moved')).toBeVisible();
});
