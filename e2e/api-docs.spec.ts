import { expect, test } from './support/fixtures';

/**
 * The API's documentation page as an integrator opens it on the server the browser tests start like `npm start`
 * (built web app served, its server-rendering bundle loaded): the document once failed there with a 500 the page
 * showed as "Failed to load API definition", while every API test's server, serving no web app, saw none.
 */
test('the API documentation page lists the operations from the served document', async ({ page }) => {
  const documentResponse = page.waitForResponse((response) => response.url().endsWith('/api/docs/json'));
  await page.goto('/api/docs');
  expect((await documentResponse).status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Placely API/ })).toBeVisible();
  await expect(page.getByText('/api/user/signIn', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Failed to load API definition/)).toHaveCount(0);
});
