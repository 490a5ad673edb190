import { expect, test } from '@playwright/test';
import { demoAccount } from '@wellspring/domain';
import { toast, uniqueEmail } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

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

  test('a common password is refused at sign-up with its message, and the form stays filled', async ({ page }) => {
    const email = uniqueEmail('weak');
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Dr. Robin Vale');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText('This password is too common. Please choose a less guessable one.')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/This password is too common/);
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Dr. Robin Vale');
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByLabel('Password').fill(email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must not be your email address.')).toBeVisible();

    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('sign-in and sign-up pass axe, and an empty sign-up lists its problems with focus on the first field', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'problems with this form' });
    await expect(summary.getByRole('link')).toHaveText(['Full name', 'Email', 'Password']);
    await expect(page.getByLabel('Full name')).toBeFocused();
    await expectNoA11yViolationsInBothThemes(page);
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
