import { expect, test } from '@playwright/test';
import { addPatient, signInAsDemo, signInAsNewPractitioner } from './practice-fixtures.ts';

test.describe('the sign-in fixture', () => {
  test('signs a new practitioner in without the form, with an empty practice of their own', async ({ page }) => {
    const practitioner = await signInAsNewPractitioner(page, { name: 'Dr. Fixture Fenwick' });
    await addPatient(practitioner.practiceId, { name: 'Fixture Patient' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /Dr\. Fixture Fenwick/ })).toBeVisible();
    const me = await page.request.get('/api/trpc/auth.me');
    expect(JSON.stringify(await me.json())).toContain(practitioner.email);
  });

  test('signs the seeded demo practitioner in', async ({ page }) => {
    const demo = await signInAsDemo(page);
    const me = await page.request.get('/api/trpc/auth.me');
    expect(JSON.stringify(await me.json())).toContain(demo.email);
  });
});
