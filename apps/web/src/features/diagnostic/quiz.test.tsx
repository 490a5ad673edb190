import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quizQuestions } from '@wellspring/domain';
import { samplePractitioners } from '@wellspring/domain/samples';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { findToast } from '../../test/toasts.ts';
import { DiagnosticPage } from './diagnostic.page.tsx';

const [elena, james] = samplePractitioners;

const matchResult = {
  approaches: ['naturopathy', 'functional_medicine', 'nutrition'],
  practitioners: [elena, james].map((p) => ({
    id: p?.id ?? '',
    name: p?.name ?? '',
    profileImage: null,
    specialties: p?.specialties ?? [],
    location: p?.location ?? '',
    distanceMiles: null,
    yearsExperience: p?.yearsExperience ?? 0,
    rating: p?.rating ?? 0,
    // James has a single review: "(1 review)".
    reviewCount: p === james ? 1 : (p?.reviewCount ?? 0),
    acceptsInsurance: false,
    insuranceList: [],
    shortBio: p?.shortBio ?? '',
    score: 11,
  })),
};

const option = (questionIndex: number, optionIndex: number) => quizQuestions[questionIndex]?.options[optionIndex]?.text ?? '';

describe('diagnostic quiz', () => {
  it('starts on question 1 of 5 with Back disabled; choosing an option advances; Back returns with the answer kept', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<DiagnosticPage />, { path: '/diagnostic' });

    expect(screen.getByText('Question 1 of 5')).toBeTruthy();
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back.hasAttribute('disabled') || back.getAttribute('aria-disabled') === 'true').toBe(true);

    await user.click(screen.getByRole('button', { name: option(0, 1) }));
    expect(screen.getByText('Question 2 of 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: quizQuestions[1]?.text })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Question 1 of 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: option(0, 1) }).getAttribute('aria-pressed')).toBe('true');
  });

  it('after the last question shows the server’s matches, the toast, approach links to /search, and Retake Quiz resets', async () => {
    const { calls } = stubApi({ 'quiz.match': () => matchResult });
    const user = userEvent.setup();
    const { location } = renderWithProviders(<DiagnosticPage />, { path: '/diagnostic' });

    for (let index = 0; index < quizQuestions.length; index += 1) {
      expect(screen.getByText(`Question ${index + 1} of 5`)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: option(index, 0) }));
    }

    await findToast('Your personalized practitioner recommendations are ready!');
    expect(calls.find((call) => call.path === 'quiz.match')?.input).toEqual({
      answers: quizQuestions.map((question) => question.options[0]?.id),
    });

    const approaches = screen.getByRole('region', { name: 'Recommended approaches' });
    const naturopathy = within(approaches).getByRole('link', { name: /Naturopathy/ });
    // The address carries the query (the link can be shared); the history state carries the query
    // and an empty location, as docs/product.md#quiz says.
    expect(naturopathy.getAttribute('href')).toBe('/search?query=Naturopathy');

    const matches = screen.getByRole('region', { name: 'Your top practitioner matches' });
    expect(within(matches).getByText(elena?.name ?? '')).toBeTruthy();
    expect(within(matches).getByRole('link', { name: `View Profile of ${elena?.name}` }).getAttribute('href')).toBe('/practitioners/1');
    expect(within(matches).getAllByText(/Match score 11/)).toHaveLength(2);
    expect(within(matches).getByText('(1 review)', { exact: false })).toBeTruthy();
    expect(within(matches).getByText(`(${elena?.reviewCount} reviews)`, { exact: false })).toBeTruthy();

    await user.click(naturopathy);
    expect(location.history?.at(-1)).toBe('/search?query=Naturopathy');
    expect(location.state).toEqual({ query: 'Naturopathy', location: '' });

    await user.click(screen.getByRole('button', { name: 'Retake Quiz' }));
    expect(screen.getByText('Question 1 of 5')).toBeTruthy();
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });
});
