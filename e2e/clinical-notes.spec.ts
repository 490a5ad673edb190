import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, toast } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';
import { addPatient, signInAsNewPractitioner } from './practice-fixtures.ts';

test.describe('notes from the record (issue 26)', () => {
  test('a note is drafted from the record, saved as it is typed, found on Clinical Notes, signed, then amended', async ({ page }) => {
    test.setTimeout(90_000);
    const { practiceId, name } = await signInAsNewPractitioner(page, { name: 'Dr. Wren Hale' });
    const ivy = await addPatient(practiceId, { name: 'Ivy Draft' });
    await addPatient(practiceId, { name: 'Otto Other' });
    await page.goto(`/dashboard/patients/${ivy}?tab=notes`);

    await page.getByRole('button', { name: 'Create First Note' }).click();
    const editor = page.getByRole('dialog', { name: 'New Note' });
    await editor.getByRole('button', { name: /Note type/ }).click();
    await page.getByRole('option', { name: 'Initial Assessment' }).click();
    // The type's template is there to write under.
    await expect(editor.getByRole('textbox', { name: 'Subjective' })).toHaveValue(/^Chief complaint:/);
    await editor.getByRole('textbox', { name: 'Assessment' }).fill('Iron deficiency likely');
    await expect(editor.getByRole('status')).toContainText('Draft saved at');
    await expectNoA11yViolationsInBothThemes(page);
    await editor.getByRole('button', { name: 'Save draft and close' }).click();
    await expect(editor).toBeHidden();

    // The draft is on the record, marked, and still editable after a reload: it was stored.
    await page.reload();
    const card = page.getByRole('button', { name: /^Initial Assessment/ });
    await expect(card).toContainText('Draft');

    // The side menu's Clinical Notes lists it first, and finds it by the patient's name and its type.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Clinical Notes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clinical Notes' })).toBeVisible();
    const notes = page.getByRole('list', { name: 'Notes' }).getByRole('article');
    await expect(notes).toHaveCount(1);
    await expect(notes.first()).toContainText('Draft');
    await page.getByRole('searchbox', { name: 'Search notes by patient' }).fill('otto');
    await expect(page.getByText('No notes match this search.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search notes by patient' }).fill('ivy');
    await expect(notes).toHaveCount(1);
    await expectNoA11yViolations(page);

    // Signing from there: the last words are saved first, then the note is locked.
    await notes.first().getByRole('button', { name: /^Edit draft/ }).click();
    const draft = page.getByRole('dialog', { name: 'Edit Note' });
    await draft.getByRole('textbox', { name: 'Plan' }).fill('Ferritin panel; iron-rich diet');
    await draft.getByRole('button', { name: 'Sign note' }).click();
    await expect(toast(page, 'Note signed')).toBeVisible();
    await expect(notes.first()).toContainText('Signed');

    // On the record: locked, so its button adds an addendum.
    await notes.first().getByRole('link', { name: 'Ivy Draft' }).click();
    await page.getByRole('button', { name: /^Initial Assessment/ }).click();
    await expect(page.getByText('Ferritin panel; iron-rich diet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Note' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add addendum' }).click();
    await page.getByRole('dialog', { name: 'Add addendum' }).getByRole('textbox', { name: 'Addendum' }).fill('Ferritin 12 ng/mL.');
    await page.getByRole('dialog', { name: 'Add addendum' }).getByRole('button', { name: 'Save addendum' }).click();
    await expect(page.getByRole('list', { name: 'Addenda' })).toContainText('Ferritin 12 ng/mL.');
    await expect(page.getByRole('list', { name: 'Addenda' })).toContainText(name);
  });

  test('the health record is edited in one form: an item without its name is named, nothing is lost', async ({ page }) => {
    test.setTimeout(90_000);
    const { practiceId } = await signInAsNewPractitioner(page);
    const id = await addPatient(practiceId, { name: 'Hugo Health' });
    await page.goto(`/dashboard/patients/${id}?tab=health-record`);
    await page.getByRole('button', { name: 'Edit health record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit health record' });
    const allergies = dialog.getByRole('group', { name: 'Allergies & Intolerances' });
    await allergies.getByRole('button', { name: 'Add allergy' }).click();
    await allergies.getByRole('group', { name: 'Allergy 1' }).getByRole('textbox', { name: 'Reaction' }).fill('Hives');
    await dialog.getByRole('button', { name: 'Save health record' }).click();
    await expect(allergies.getByText('Please enter the allergy.')).toBeVisible();
    await expect(allergies.getByRole('textbox', { name: 'Allergy', exact: true })).toBeFocused();
    await page.keyboard.type('Penicillin');
    await allergies.getByRole('button', { name: /Severity/ }).click();
    await page.getByRole('option', { name: 'Severe' }).click();
    const medications = dialog.getByRole('group', { name: 'Current Medications & Supplements' });
    await medications.getByRole('button', { name: 'Add medication' }).click();
    await medications.getByRole('textbox', { name: 'Name' }).fill('Magnesium glycinate');
    await medications.getByRole('textbox', { name: 'Dosage' }).fill('200 mg');
    await dialog.getByRole('textbox', { name: 'Health goals' }).fill('Sleep through the night');
    await expectNoA11yViolationsInBothThemes(page);
    await dialog.getByRole('button', { name: 'Save health record' }).click();
    await expect(toast(page, 'Health record saved')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Penicillin')).toBeVisible();
    await expect(page.getByText('Severe', { exact: true })).toBeVisible();
    await expect(page.getByText('200 mg')).toBeVisible();
    await page.getByRole('button', { name: 'Lifestyle & Social History', exact: true }).click();
    await expect(page.getByText('Sleep through the night')).toBeVisible();
  });

  test('the note editor fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { practiceId } = await signInAsNewPractitioner(page);
    const id = await addPatient(practiceId, { name: 'Pia Phone' });
    await page.goto(`/dashboard/patients/${id}?tab=notes`);
    await page.getByRole('button', { name: 'New Note' }).click();
    const editor = page.getByRole('dialog', { name: 'New Note' });
    await expect(editor.getByRole('button', { name: 'Sign note' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolationsInBothThemes(page);
  });
});
