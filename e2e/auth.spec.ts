import { expect, test } from '@playwright/test';
import { demoAccount } from '@wellspring/domain';
import { toast, uniqueEmail } from './fixtures.ts';

test.describe('practitioner account', () => {
  test('the dashboard without a session shows the login prompt leading to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('sign up, see the dashboard, sign out, sign in again', async ({ page }) => {
    const email = uniqueEmail('pract');
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Dr. Robin Vale');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Dr. Robin Vale').first()).toBeVisible();

    await page.reload();
    await expect(page.getByText('Dr. Robin Vale').first()).toBeVisible();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Dr. Robin Vale').first()).toBeVisible();
  });

  test('the seeded demo account signs in', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(demoAccount.email);
    await page.getByLabel('Password').fill(demoAccount.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(demoAccount.name).first()).toBeVisible();
  });
});
