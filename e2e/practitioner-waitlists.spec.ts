import { expect, test } from '@playwright/test';
import { toast, uniqueEmail } from './fixtures.ts';
import { expectNoSeriousA11yViolationsInBothThemes } from './public-site.ts';

test.describe('practitioner application', () => {
  test('shows the validation messages, then submits: toast, "Application Received!" for 3 s, then a reset form', async ({ page }) => {
    await page.goto('/practitioner-waitlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Practitioner Network' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);

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
    await expectNoSeriousA11yViolationsInBothThemes(page);

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

test.describe('provider waitlist', () => {
  test('"Join Our Provider Network" joins the patient waitlist', async ({ page }) => {
    await page.goto('/provider-waitlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Provider Network' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);

    await page.getByLabel('Full Name').fill('Avery Provider');
    await page.getByLabel('Email').fill(uniqueEmail('provider'));
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(toast(page, 'Added to waitlist!')).toContainText("We'll notify you when patient access become available.");
    await expect(page.getByText('Thank you for joining our waitlist!')).toBeVisible();
  });
});
