import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specialties } from '../catalog/specialties.ts';
import { samplePractitioners } from '../samples/practitioners.ts';
import { generatePractitioners } from '../samples/generator.ts';
import { quizOptionsById, quizQuestions, quizSymptomVocabulary, quizMessages } from './quiz.questions.ts';
import {
  answerQuizQuestion,
  canGoBack,
  goBackInQuiz,
  initialQuizProgress,
  isQuizComplete,
  matchPractitioners,
  normalizeSymptom,
  quizAnswersOf,
  quizAnswersSchema,
  quizSymptoms,
  rankPractitioners,
  recommendedApproaches,
  scoreSpecialties,
  type QuizPractitioner,
} from './quiz.scoring.ts';

const answersArb = fc.tuple(...quizQuestions.map((q) => fc.constantFrom(...q.options.map((o) => o.id))));

describe('quiz questions', () => {
  it('has 5 questions of 4 to 5 options, tagged with known specialties and symptoms', () => {
    expect(quizQuestions).toHaveLength(5);
    for (const question of quizQuestions) {
      expect(question.options.length).toBeGreaterThanOrEqual(4);
      expect(question.options.length).toBeLessThanOrEqual(5);
      for (const option of question.options) {
        expect(option.specialties.length).toBeGreaterThan(0);
        expect(option.symptoms.length).toBeGreaterThan(0);
        for (const s of option.specialties) expect(specialties).toContain(s);
        for (const s of option.symptoms) expect(quizSymptomVocabulary).toContain(s);
      }
    }
    expect(quizOptionsById.size).toBe(quizQuestions.reduce((n, q) => n + q.options.length, 0));
    expect(quizMessages.progress(0)).toBe('Question 1 of 5');
  });
});

describe('quiz scoring', () => {
  const answers = ['concern-digestive', 'symptoms-fatigue', 'approach-food', 'style-protocol', 'priority-root-cause'];

  it('adds 1 per specialty per chosen option and recommends the top 3', () => {
    const scores = scoreSpecialties(answers);
    expect(scores[0]).toEqual({ specialty: 'functional_medicine', score: 5 });
    expect(scores.map((s) => s.specialty).slice(0, 3)).toEqual(['functional_medicine', 'nutrition', 'naturopathy']);
    expect(recommendedApproaches(answers)).toEqual(['functional_medicine', 'nutrition', 'naturopathy']);
    expect(scores).toHaveLength(7);
  });

  it('breaks specialty ties by the order of `specialties` and ignores zero scores', () => {
    expect(recommendedApproaches([])).toEqual([]);
    // approach-hands-on: acupuncture only.
    expect(recommendedApproaches(['approach-hands-on'])).toEqual(['acupuncture']);
    // concern-skin: homeopathy, herbalism, naturopathy (all 1) → naturopathy, herbalism, homeopathy.
    expect(recommendedApproaches(['concern-skin'])).toEqual(['naturopathy', 'herbalism', 'homeopathy']);
  });

  it('ignores unknown and repeated ids, which the schema rejects', () => {
    expect(scoreSpecialties(['nope', 'approach-hands-on', 'approach-hands-on'])).toEqual(scoreSpecialties(['approach-hands-on']));
    expect(quizAnswersSchema.safeParse(answers).success).toBe(true);
    expect(quizAnswersSchema.safeParse(['nope']).success).toBe(false);
    expect(quizAnswersSchema.safeParse(['concern-skin', 'concern-pain']).success).toBe(false);
  });

  it('collects normalized symptoms', () => {
    expect(quizSymptoms(['approach-hands-on', 'style-sessions'])).toEqual(['back pain', 'chronic pain']);
    expect(normalizeSymptom('  Chronic   PAIN ')).toBe('chronic pain');
  });

  it('matches practitioners: 3 per shared specialty + 2 per shared symptom, top 3', () => {
    const matches = matchPractitioners(answers, samplePractitioners);
    expect(matches.map((m) => m.practitioner.id)).toEqual(['1', '3', '5']);
    expect(matches[0]).toMatchObject({ score: 3 * 3 + 2 * 4, sharedSpecialties: ['functional_medicine', 'nutrition', 'naturopathy'], sharedSymptoms: ['bloating', 'brain fog', 'fatigue', 'food sensitivities'] });
    expect(matches[1]).toMatchObject({ score: 3 * 1 + 2 * 3, sharedSymptoms: ['bloating', 'indigestion', 'weight management'] });
    expect(matches[2]).toMatchObject({ score: 3 * 1 + 2 * 2 });
  });

  it('only keeps practitioners sharing a specialty and compares symptoms case-insensitively', () => {
    const practitioners: QuizPractitioner[] = [
      { id: 'a', specialties: ['homeopathy'], commonSymptoms: ['Chronic Pain', 'chronic pain '], rating: 5 },
      { id: 'b', specialties: ['acupuncture'], commonSymptoms: [' CHRONIC PAIN'], rating: 4 },
    ];
    expect(rankPractitioners(['approach-hands-on'], practitioners)).toEqual([
      { practitioner: practitioners[1], score: 5, sharedSpecialties: ['acupuncture'], sharedSymptoms: ['chronic pain'] },
    ]);
  });

  it('breaks practitioner ties by rating desc, then id asc', () => {
    const p = (id: string, rating: number): QuizPractitioner => ({ id, specialties: ['acupuncture'], commonSymptoms: [], rating });
    const ranked = matchPractitioners(['approach-hands-on'], [p('b', 4.5), p('c', 4.9), p('a', 4.5), p('d', 4.0)]);
    expect(ranked.map((m) => m.practitioner.id)).toEqual(['c', 'a', 'b']);
  });

  it('scores independently of answer order', () => {
    fc.assert(
      fc.property(answersArb, fc.integer(), (chosen, seed) => {
        const shuffled = [...chosen].sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7));
        expect(scoreSpecialties(shuffled)).toEqual(scoreSpecialties(chosen));
        expect(quizSymptoms(shuffled)).toEqual(quizSymptoms(chosen));
      }),
    );
  });

  it('gives the same top 3 whatever the order of practitioners (ties included)', () => {
    const pool = generatePractitioners(60, 7).map((p) => ({ ...p, rating: Math.round(p.rating) }));
    fc.assert(
      fc.property(answersArb, fc.shuffledSubarray(pool, { minLength: pool.length, maxLength: pool.length }), (chosen, shuffled) => {
        const ids = (list: readonly QuizPractitioner[]) => matchPractitioners(chosen, list).map((m) => m.practitioner.id);
        expect(ids(shuffled)).toEqual(ids(pool));
      }),
      { numRuns: 100 },
    );
  });
});

describe('quiz progress', () => {
  it('advances on an answer, goes back, and completes after the fifth', () => {
    let progress = initialQuizProgress;
    expect(canGoBack(progress)).toBe(false);
    expect(goBackInQuiz(progress)).toBe(progress);
    progress = answerQuizQuestion(progress, 'concern-pain');
    expect(progress.index).toBe(1);
    expect(canGoBack(progress)).toBe(true);
    progress = goBackInQuiz(progress);
    expect(progress.index).toBe(0);
    progress = answerQuizQuestion(progress, 'concern-skin');
    for (const question of quizQuestions.slice(1)) progress = answerQuizQuestion(progress, question.options[0]?.id ?? '');
    expect(isQuizComplete(progress)).toBe(true);
    expect(canGoBack(progress)).toBe(false);
    expect(answerQuizQuestion(progress, 'x')).toBe(progress);
    expect(quizAnswersOf(progress)).toEqual(['concern-skin', 'symptoms-fatigue', 'approach-plants', 'style-sessions', 'priority-root-cause']);
  });
});
