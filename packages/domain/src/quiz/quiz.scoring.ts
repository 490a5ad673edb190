/**
 * Quiz scoring (docs/product.md#quiz), the reference for the server's SQL version.
 *
 * Answers are the chosen option ids (one per question; order does not matter; an id given twice
 * counts once; unknown ids are ignored — `quizAnswersSchema` rejects them at the edge).
 *
 * 1. Specialty scores: each chosen option adds 1 to each of its specialties.
 *    Order: score descending, then the fixed order of `specialties`.
 * 2. Recommended approaches: the first 3 specialties of that order with a score above 0.
 * 3. Quiz symptoms: the union of the chosen options' symptoms, normalized (trimmed, lower-case,
 *    inner spaces collapsed).
 * 4. Practitioner match: a practitioner qualifies when they share at least one specialty with the
 *    recommended approaches; score = 3 × shared specialties (with the recommended approaches)
 *    + 2 × shared distinct common symptoms (normalized as above). Order: score descending, then
 *    rating descending, then id ascending by UTF-16 code units (SQL: `ORDER BY score DESC, rating
 *    DESC, id COLLATE "C" ASC`). The top 3 are shown.
 */
import { z } from 'zod';
import { lineText } from '../shared/text.ts';
import { specialties, type Specialty } from '../catalog/specialties.ts';
import { quizOptionsById, quizQuestions } from './quiz.questions.ts';

export type QuizAnswers = readonly string[];

export const RECOMMENDED_APPROACHES = 3;
export const MATCHED_PRACTITIONERS = 3;
export const SHARED_SPECIALTY_POINTS = 3;
export const SHARED_SYMPTOM_POINTS = 2;

/** At most one known option per question. */
export const quizAnswersSchema = z
  .array(lineText().max(100, 'Unknown quiz answer.'))
  .max(quizQuestions.length)
  .superRefine((answers, ctx) => {
    const questions = new Set<string>();
    for (const answer of answers) {
      const option = quizOptionsById.get(answer);
      if (!option) ctx.addIssue({ code: 'custom', message: `Unknown quiz answer: ${answer}` });
      else if (questions.has(option.questionId)) ctx.addIssue({ code: 'custom', message: 'Only one answer per question.' });
      else questions.add(option.questionId);
    }
  });

export const normalizeSymptom = (symptom: string): string => symptom.trim().replace(/\s+/g, ' ').toLowerCase();

const chosenOptions = (answers: QuizAnswers) =>
  [...new Set(answers)].flatMap((id) => {
    const option = quizOptionsById.get(id);
    return option ? [option] : [];
  });

export interface SpecialtyScore {
  readonly specialty: Specialty;
  readonly score: number;
}

/** All seven specialties with their scores, best first (ties in the order of `specialties`). */
export function scoreSpecialties(answers: QuizAnswers): SpecialtyScore[] {
  const scores = new Map<Specialty, number>(specialties.map((s) => [s, 0]));
  for (const option of chosenOptions(answers)) {
    for (const specialty of new Set(option.specialties)) scores.set(specialty, (scores.get(specialty) ?? 0) + 1);
  }
  return specialties
    .map((specialty, order) => ({ specialty, score: scores.get(specialty) ?? 0, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ specialty, score }) => ({ specialty, score }));
}

/** The top 3 specialties with a score above 0. */
export function recommendedApproaches(answers: QuizAnswers): Specialty[] {
  return scoreSpecialties(answers)
    .filter((entry) => entry.score > 0)
    .slice(0, RECOMMENDED_APPROACHES)
    .map((entry) => entry.specialty);
}

/** The normalized symptoms of the chosen options, sorted. */
export function quizSymptoms(answers: QuizAnswers): string[] {
  return [...new Set(chosenOptions(answers).flatMap((option) => option.symptoms.map(normalizeSymptom)))].sort();
}

/** What the match needs of a practitioner. */
export interface QuizPractitioner {
  readonly id: string;
  readonly specialties: readonly string[];
  readonly commonSymptoms: readonly string[];
  readonly rating: number;
}

export interface PractitionerMatch<P extends QuizPractitioner> {
  readonly practitioner: P;
  readonly score: number;
  readonly sharedSpecialties: readonly Specialty[];
  readonly sharedSymptoms: readonly string[];
}

export const comparePractitionerMatches = (
  a: { readonly score: number; readonly practitioner: QuizPractitioner },
  b: { readonly score: number; readonly practitioner: QuizPractitioner },
): number =>
  b.score - a.score ||
  b.practitioner.rating - a.practitioner.rating ||
  (a.practitioner.id < b.practitioner.id ? -1 : a.practitioner.id > b.practitioner.id ? 1 : 0);

/** Scores every practitioner against the answers (all qualifying practitioners, best first). */
export function rankPractitioners<P extends QuizPractitioner>(answers: QuizAnswers, practitioners: readonly P[]): PractitionerMatch<P>[] {
  const approaches = recommendedApproaches(answers);
  const symptoms = new Set(quizSymptoms(answers));
  const matches: PractitionerMatch<P>[] = [];
  for (const practitioner of practitioners) {
    const own = new Set(practitioner.specialties);
    const sharedSpecialties = approaches.filter((specialty) => own.has(specialty));
    if (sharedSpecialties.length === 0) continue;
    const sharedSymptoms = [...new Set(practitioner.commonSymptoms.map(normalizeSymptom))].filter((symptom) => symptoms.has(symptom)).sort();
    matches.push({
      practitioner,
      score: SHARED_SPECIALTY_POINTS * sharedSpecialties.length + SHARED_SYMPTOM_POINTS * sharedSymptoms.length,
      sharedSpecialties,
      sharedSymptoms,
    });
  }
  return matches.sort(comparePractitionerMatches);
}

/** The top 3 matches (docs/product.md#quiz). */
export const matchPractitioners = <P extends QuizPractitioner>(answers: QuizAnswers, practitioners: readonly P[]): PractitionerMatch<P>[] =>
  rankPractitioners(answers, practitioners).slice(0, MATCHED_PRACTITIONERS);

/** The quiz screen's progress: question index and answers so far (docs/product.md#quiz). */
export interface QuizProgress {
  /** 0-based; equals the question count when the results show. */
  readonly index: number;
  /** The chosen option id per question, by question index. */
  readonly answers: readonly (string | undefined)[];
}

export const initialQuizProgress: QuizProgress = { index: 0, answers: [] };

/** Records the chosen option for the current question and advances. */
export function answerQuizQuestion(progress: QuizProgress, optionId: string): QuizProgress {
  if (progress.index >= quizQuestions.length) return progress;
  const answers = [...progress.answers];
  answers[progress.index] = optionId;
  return { index: progress.index + 1, answers };
}

/** Back is disabled on question 1. */
export const canGoBack = (progress: QuizProgress): boolean => progress.index > 0 && progress.index < quizQuestions.length;
export const goBackInQuiz = (progress: QuizProgress): QuizProgress => (canGoBack(progress) ? { ...progress, index: progress.index - 1 } : progress);
export const isQuizComplete = (progress: QuizProgress): boolean => progress.index >= quizQuestions.length;
export const quizAnswersOf = (progress: QuizProgress): string[] => progress.answers.filter((answer): answer is string => answer !== undefined);
