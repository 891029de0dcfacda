import { expect, signInAsStudent, test } from './support/fixtures';

test('a student fills education (a bad range is caught), edits and deletes with confirmation', async ({ page }) => {
  await signInAsStudent(page, 'Anya Rao');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Education' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
  await expect(page.getByText('No education yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add education' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add education' });
  await dialog.getByLabel('Institution').fill('IIT Delhi');
  await dialog.getByLabel('Degree').fill('B.Tech');
  await dialog.getByLabel('Field or branch').fill('Computer Science');
  await dialog.getByLabel('Start').fill('2024-08');
  await dialog.getByLabel('End (or expected)').fill('2023-05');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('The end cannot be before the start')).toBeVisible();
  await expect(dialog.getByLabel('End (or expected)')).toBeFocused();

  await dialog.getByLabel('End (or expected)').fill('2028-05');
  await dialog.getByLabel('Grade', { exact: true }).fill('8.9');
  await dialog.getByLabel('Grade scale').click();
  await page.getByRole('option', { name: 'CGPA (out of 10)' }).click();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Education' });
  await expect(list.getByText('IIT Delhi')).toBeVisible();
  await expect(list.getByText('CGPA (out of 10): 8.9')).toBeVisible();

  await page.getByRole('button', { name: 'Edit IIT Delhi' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit education' });
  await expect(editDialog.getByLabel('Institution')).toHaveValue('IIT Delhi');
  await editDialog.getByLabel('Institution').fill('IIT Bombay');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('IIT Bombay')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Education' }).getByText('IIT Bombay')).toBeVisible();

  await page.getByRole('button', { name: 'Delete IIT Bombay' }).click();
  await page.getByRole('dialog', { name: 'Delete this education?' }).getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('list', { name: 'Education' }).getByText('IIT Bombay')).toBeVisible();
  await page.getByRole('button', { name: 'Delete IIT Bombay' }).click();
  await page.getByRole('dialog', { name: 'Delete this education?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No education yet.')).toBeVisible();
});

test('a student adds experience, a project, another item and a placement', async ({ page }) => {
  await signInAsStudent(page, 'Dev Patel');

  await page.goto('/student/experience');
  await page.getByRole('button', { name: 'Add experience' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add experience' });
  await dialog.getByLabel('Title').fill('SDE Intern');
  await dialog.getByLabel('Organization').fill('Acme');
  await dialog.getByLabel('Start').fill('2025-05');
  await dialog.getByLabel('End', { exact: true }).fill('2025-07');
  await dialog.getByLabel('What you did').fill('Built the billing service.');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('list', { name: 'Experience' }).getByText('SDE Intern at Acme')).toBeVisible();

  await page.goto('/student/projects');
  await page.getByRole('button', { name: 'Add project' }).click();
  dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByLabel('Title').fill('Campus map');
  await dialog.getByLabel('Technologies').fill('React, Leaflet');
  await dialog.getByLabel('Link').fill('not a link');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
  await dialog.getByLabel('Link').fill('https://example.com/map');
  await dialog.getByRole('button', { name: 'Add' }).click();
  const projects = page.getByRole('list', { name: 'Projects' });
  await expect(projects.getByText('Campus map')).toBeVisible();
  await expect(projects.getByText('Leaflet')).toBeVisible();

  await page.goto('/student/others');
  await page.getByRole('button', { name: 'Add item' }).click();
  dialog = page.getByRole('dialog', { name: 'Add item' });
  await dialog.getByLabel('Title').fill('AWS Solutions Architect');
  await dialog.getByLabel('Issuer').fill('Amazon');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('list', { name: 'Others' }).getByText('AWS Solutions Architect')).toBeVisible();

  await page.goto('/student/placements');
  await page.getByRole('button', { name: 'Add placement' }).click();
  dialog = page.getByRole('dialog', { name: 'Add placement' });
  await dialog.getByLabel('Organization').fill('Globex');
  await dialog.getByLabel('Role').fill('Software Engineer');
  await dialog.getByLabel('Compensation (yearly, or stipend per month)').fill('1800000');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('list', { name: 'Placements' }).getByText('Software Engineer at Globex')).toBeVisible();
});

test('skills: added by keyboard, no duplicates whatever the case, removed with the Delete key', async ({ page }) => {
  await signInAsStudent(page, 'Sara Khan');
  await page.goto('/student/skills');
  const skill = page.getByLabel('Skill', { exact: true });
  await skill.fill('TypeScript');
  await skill.press('Enter');
  const skills = page.getByRole('list', { name: 'Skills' });
  await expect(skills.getByText('TypeScript · Intermediate')).toBeVisible();
  await skill.fill('typescript');
  await skill.press('Enter');
  await expect(page.getByText('You already have this skill.')).toBeVisible();

  await skill.fill('Go');
  await skill.press('Enter');
  await expect(skills.getByText('Go · Intermediate')).toBeVisible();
  await skills.getByRole('button', { name: /Go · Intermediate/ }).focus();
  await page.keyboard.press('Delete');
  await expect(skills.getByText('Go · Intermediate')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Skills' }).getByText('TypeScript · Intermediate')).toBeVisible();
});
