import { expect, test, type Locator, type Page } from '@playwright/test';
import { toast } from './fixtures.ts';
import { signInAsNewPractitioner } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const topicCard = (page: Page, title: string) => page.getByRole('list', { name: 'Topics' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
const likeButton = (card: Locator) => card.getByRole('button', { name: /^Like / });
const likesOf = async (button: Locator) => Number(/, (\d+) likes$/.exec((await button.getAttribute('aria-label')) ?? '')?.[1]);

test.describe('the community', () => {
  test('shows the soft-launch banner and the forum: topics, categories, guidelines; a like is stored once and taken back', async ({ page }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Forum Fan' });
    await page.goto('/community');
    await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await expect(page.getByText('Our community is in soft launch. The content shown is illustrative sample content.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Forums', selected: true })).toBeVisible();

    const topic = topicCard(page, 'New meta-analysis on probiotics for IBS');
    await expect(topic).toContainText('Dr. Elena Rodriguez');
    await expect(topic).toContainText('Research');
    await expect(topic).toContainText('15 replies');
    await expect(topic).toContainText('204 views');
    await expect(topic).toContainText(/Last active \d+ (minute|hour|day)s? ago/);
    await expect(page.getByRole('region', { name: 'Categories' })).toContainText('Ethics & Regulations');
    await expect(page.getByRole('region', { name: 'Community Guidelines' })).toContainText('Respect patient confidentiality');

    // The fifth topic comes with the next page.
    await expect(topicCard(page, 'Explaining dosha assessments to new patients')).toHaveCount(0);
    await page.getByRole('button', { name: 'Load More Topics' }).click();
    await expect(topicCard(page, 'Explaining dosha assessments to new patients')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More Topics' })).toHaveCount(0);

    const like = likeButton(topic);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const before = await likesOf(like);
    await like.click();
    await expect(toast(page, 'Post liked!')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(await likesOf(like)).toBe(before + 1);

    await page.reload();
    await expect(likeButton(topic)).toHaveAttribute('aria-pressed', 'true');
    expect(await likesOf(likeButton(topic))).toBe(before + 1);
    await likeButton(topic).click();
    await expect(likeButton(topic)).toHaveAttribute('aria-pressed', 'false');
    expect(await likesOf(likeButton(topic))).toBe(before);

    await topic.getByRole('button', { name: 'Join discussion' }).click();
    await expect(toast(page, 'Coming soon!')).toBeVisible();
    await page.getByRole('button', { name: 'New Topic' }).click();
    await expect(toast(page, 'Coming soon!').first()).toBeVisible();

    await expectNoA11yViolationsInBothThemes(page);
  });
});
