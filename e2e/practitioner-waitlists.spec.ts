import { expect, test } from '@playwright/test';
import { toast, uniqueEmail } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

test.describe('practitioner application', () => {
  test('shows the validation messages, then submits: toast, "Application Received!" for 3 s, then a reset form', async ({ page }) => {
    await page.goto('/practitioner-waitlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Practitioner Network' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    await page.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Please enter a valid phone number.',
      'Please list your specialties.',
      'Please select your years of experience.',
      'You must accept the terms and conditions.',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expectNoA11yViolationsInBothThemes(page);

    await page.getByLabel('Full Name').fill('Dr. Robin Vale');
    await page.getByLabel('Email').fill(uniqueEmail('applicant'));
    await page.getByLabel('Phone').fill('503-555-0142');
    await page.getByLabel('Specialties').fill('Naturopathy, Herbalism');
    await page.getByRole('button', { name: /Years of Experience/ }).click();
    await page.getByRole('option', { name: '6-10 years' }).click();
    await page.getByLabel('Message (optional)').fill('I run a small clinic in Portland.');
    await page.getByText('I accept the terms and conditions').click();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expect(toast(page, 'Waitlist application submitted!')).toContainText("We'll notify you when your application is approved.");
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeHidden({ timeout: 5_000 });
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'I accept the terms and conditions' })).not.toBeChecked();
  });
});

test.describe('practitioner application failure', () => {
  test('a failed submit shows "Failed to submit application" and keeps every field filled', async ({ page }) => {
    // The server answers 500, as tRPC does for an unexpected error.
    await page.route('**/api/trpc/applications.submit*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { json: { message: 'Internal server error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'applications.submit' } } } },
        ]),
      }),
    );
    const email = uniqueEmail('applicant');
    await page.goto('/practitioner-waitlist');
    await page.getByLabel('Full Name').fill('Dr. Robin Vale');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('503-555-0142');
    await page.getByLabel('Specialties').fill('Naturopathy, Herbalism');
    await page.getByRole('button', { name: /Years of Experience/ }).click();
    await page.getByRole('option', { name: '6-10 years' }).click();
    await page.getByLabel('Website (optional)').fill('https://robinvale.example.com');
    await page.getByLabel('Message (optional)').fill('I run a small clinic in Portland.');
    await page.getByText('I accept the terms and conditions').click();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expect(toast(page, 'Failed to submit application')).toContainText('Please try again or contact support.');
    await expect(page.getByRole('heading', { name: 'Application Received!' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    await expect(page.getByLabel('Full Name')).toHaveValue('Dr. Robin Vale');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Phone')).toHaveValue('503-555-0142');
    await expect(page.getByLabel('Specialties')).toHaveValue('Naturopathy, Herbalism');
    await expect(page.getByRole('button', { name: /Years of Experience/ })).toContainText('6-10 years');
    await expect(page.getByLabel('Website (optional)')).toHaveValue('https://robinvale.example.com');
    await expect(page.getByLabel('Message (optional)')).toHaveValue('I run a small clinic in Portland.');
    await expect(page.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked();
    await expectNoA11yViolationsInBothThemes(page);
  });
});

test.describe('provider waitlist', () => {
  test('"Join Our Provider Network" joins the patient waitlist', async ({ page }) => {
    await page.goto('/provider-waitlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Provider Network' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    await page.getByLabel('Full Name').fill('Avery Provider');
    await page.getByLabel('Email').fill(uniqueEmail('provider'));
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(toast(page, 'Added to waitlist!')).toContainText("We'll notify you when patient access become available.");
    await expect(page.getByText('Thank you for joining our waitlist!')).toBeVisible();
  });
});
