/**
 * The guided quiz (docs/product.md#quiz): five questions with 4 to 5
 * options. Every option adds 1 to each of its specialties and contributes its symptoms, which are
 * matched against practitioners' common symptoms (lower-case, see `normalizeSymptom`).
 */
import type { Specialty } from '../catalog/specialties.ts';

export interface QuizOption {
  readonly id: string;
  readonly text: string;
  readonly specialties: readonly Specialty[];
  readonly symptoms: readonly string[];
}

export interface QuizQuestion {
  readonly id: string;
  readonly text: string;
  readonly options: readonly QuizOption[];
}

/** The symptom vocabulary the quiz uses; practitioners' common symptoms are drawn from the same words. */
export const quizSymptomVocabulary = [
  'bloating',
  'indigestion',
  'food sensitivities',
  'chronic pain',
  'back pain',
  'headaches',
  'migraines',
  'anxiety',
  'stress',
  'insomnia',
  'fatigue',
  'hormonal imbalance',
  'eczema',
  'allergies',
  'brain fog',
  'frequent colds',
  'low immunity',
  'joint pain',
  'inflammation',
  'weight management',
] as const;

export const quizQuestions: readonly QuizQuestion[] = [
  {
    id: 'concern',
    text: 'What is your main health concern right now?',
    options: [
      { id: 'concern-digestive', text: 'Digestive issues such as bloating, reflux or food sensitivities', specialties: ['naturopathy', 'functional_medicine', 'nutrition'], symptoms: ['bloating', 'indigestion', 'food sensitivities'] },
      { id: 'concern-pain', text: 'Chronic pain or muscle tension', specialties: ['acupuncture', 'herbalism'], symptoms: ['chronic pain', 'back pain', 'headaches'] },
      { id: 'concern-stress', text: 'Stress, anxiety or poor sleep', specialties: ['ayurveda', 'acupuncture', 'homeopathy'], symptoms: ['anxiety', 'stress', 'insomnia'] },
      { id: 'concern-energy', text: 'Low energy or hormonal imbalance', specialties: ['functional_medicine', 'naturopathy', 'herbalism'], symptoms: ['fatigue', 'hormonal imbalance'] },
      { id: 'concern-skin', text: 'Skin conditions or allergies', specialties: ['homeopathy', 'herbalism', 'naturopathy'], symptoms: ['eczema', 'allergies'] },
    ],
  },
  {
    id: 'symptoms',
    text: 'Which of these do you experience most often?',
    options: [
      { id: 'symptoms-fatigue', text: 'Fatigue or brain fog', specialties: ['functional_medicine', 'nutrition'], symptoms: ['fatigue', 'brain fog'] },
      { id: 'symptoms-headaches', text: 'Headaches or migraines', specialties: ['acupuncture', 'herbalism'], symptoms: ['headaches', 'migraines'] },
      { id: 'symptoms-sleep', text: 'Trouble falling or staying asleep', specialties: ['ayurveda', 'herbalism'], symptoms: ['insomnia', 'stress'] },
      { id: 'symptoms-immunity', text: 'Frequent colds or low immunity', specialties: ['herbalism', 'homeopathy', 'naturopathy'], symptoms: ['frequent colds', 'low immunity'] },
      { id: 'symptoms-joints', text: 'Joint stiffness or inflammation', specialties: ['acupuncture', 'ayurveda', 'nutrition'], symptoms: ['joint pain', 'inflammation'] },
    ],
  },
  {
    id: 'approach',
    text: 'Which approach to care appeals to you most?',
    options: [
      { id: 'approach-plants', text: 'Plant-based remedies and herbal medicine', specialties: ['herbalism', 'ayurveda'], symptoms: ['inflammation'] },
      { id: 'approach-hands-on', text: 'Hands-on or needle-based therapy', specialties: ['acupuncture'], symptoms: ['chronic pain'] },
      { id: 'approach-food', text: 'Changes to diet and nutrition', specialties: ['nutrition', 'functional_medicine'], symptoms: ['weight management'] },
      { id: 'approach-gentle', text: 'Gentle, highly individualized natural remedies', specialties: ['homeopathy', 'naturopathy'], symptoms: ['allergies'] },
      { id: 'approach-testing', text: 'Lab testing to find the root cause', specialties: ['functional_medicine', 'naturopathy'], symptoms: ['hormonal imbalance'] },
    ],
  },
  {
    id: 'style',
    text: 'What kind of treatment plan would suit you best?',
    options: [
      { id: 'style-sessions', text: 'Regular in-office sessions for relief', specialties: ['acupuncture', 'homeopathy'], symptoms: ['back pain'] },
      { id: 'style-whole-body', text: 'A long-term plan to rebalance my whole body', specialties: ['ayurveda', 'naturopathy'], symptoms: ['stress'] },
      { id: 'style-protocol', text: 'A data-driven protocol with follow-up testing', specialties: ['functional_medicine'], symptoms: ['fatigue'] },
      { id: 'style-self-care', text: 'Self-care routines I can follow at home', specialties: ['nutrition', 'herbalism', 'ayurveda'], symptoms: ['weight management'] },
    ],
  },
  {
    id: 'priority',
    text: 'What matters most to you in your care?',
    options: [
      { id: 'priority-root-cause', text: 'Treating the root cause, not just the symptoms', specialties: ['functional_medicine', 'naturopathy'], symptoms: ['fatigue', 'bloating'] },
      { id: 'priority-natural', text: 'Avoiding pharmaceuticals where possible', specialties: ['herbalism', 'homeopathy'], symptoms: ['allergies'] },
      { id: 'priority-balance', text: 'Restoring balance between mind and body', specialties: ['ayurveda', 'acupuncture'], symptoms: ['anxiety', 'stress'] },
      { id: 'priority-eating', text: 'Building healthy eating habits', specialties: ['nutrition'], symptoms: ['weight management', 'food sensitivities'] },
      { id: 'priority-prevention', text: 'Preventing illness and staying well', specialties: ['naturopathy', 'ayurveda', 'nutrition'], symptoms: ['low immunity'] },
    ],
  },
];

export const QUIZ_QUESTION_COUNT = quizQuestions.length;

export const quizMessages = {
  resultsReady: 'Your personalized practitioner recommendations are ready!',
  retake: 'Retake Quiz',
  progress: (index: number) => `Question ${index + 1} of ${QUIZ_QUESTION_COUNT}`,
} as const;

/** Every option by id. */
export const quizOptionsById: ReadonlyMap<string, QuizOption & { readonly questionId: string }> = new Map(
  quizQuestions.flatMap((question) => question.options.map((option) => [option.id, { ...option, questionId: question.id }] as const)),
);
