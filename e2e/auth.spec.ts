import { expect, test } from '@playwright/test';
import { demoAccount } from '@wellspring/domain/samples';
import { confirmEmail, signIn, signOut, signUp, toast, uniqueEmail } from './fixtures.ts';
import { linkIn, waitForMail } from './mail-sink.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

test.describe('practitioner account', () => {
  test('the dashboard without a session shows the login prompt leading to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('sign up, check the e-mail, sign in unconfirmed, confirm through the link, sign out, sign in again', async ({ page }) => {
    // Two e-mails and axe in both themes on three screens: longer than a one-screen journey.
    test.setTimeout(90_000);
    const email = uniqueEmail('pract');
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Dr. Robin Vale');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(email);
    await expectNoA11yViolationsInBothThemes(page);

    // The password signs in at once; the dashboard says what waits for the confirmation.
    await page.getByRole('link', { name: 'sign in', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const banner = page.getByRole('region', { name: 'Confirm your email address' });
    await expect(banner).toContainText('Please confirm your email address to publish your listing');
    await banner.getByRole('button', { name: 'Send a new link' }).click();
    await expect(toast(page, 'Link sent')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    // The new link replaced the first one.
    await confirmEmail(page, email, { count: 2 });
    await page.goto('/dashboard');
    await expect(page.getByText('Dr. Robin Vale').first()).toBeVisible();
    await expect(banner).toHaveCount(0);

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
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  });

  test('forgot password: the e-mail\'s link sets a new password once, and the new one signs in', async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('forgetful');
    await signUp(page, { name: 'Dr. Forgetful Finch', email });
    await signOut(page);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toHaveText('If an account uses that address, we have sent it a link to choose a new password. The link works for 1 hour.');

    const link = linkIn(await waitForMail(email.toLowerCase(), 'Reset your Wellspring password'), '/reset-password');
    await page.goto(link);
    // The token leaves the address bar at once.
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await page.getByLabel('New password', { exact: true }).fill('password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/This password is too common/);
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed. Please sign in with it.');
    await waitForMail(email.toLowerCase(), 'Your Wellspring password was changed');

    // The used link, opened again from the e-mail (a new tab: in this one only the fragment would change).
    const again = await page.context().newPage();
    await again.goto(link);
    await expect(again.getByRole('alert')).toContainText('This link has expired or has already been used.');
    await again.close();
    await signIn(page, { email, password: 'a brand new passphrase' });
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
