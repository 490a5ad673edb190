import {
  answerQuizQuestion,
  canGoBack,
  goBackInQuiz,
  initialQuizProgress,
  isQuizComplete,
  quizAnswersOf,
  quizMessages,
  quizQuestions,
  type QuizProgress,
} from '@wellspring/domain';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button/button.tsx';
import { ArrowLeftIcon, CheckIcon } from '../../ui/icons/icons.tsx';
import * as styles from './diagnostic.css.ts';
import { QuizResults } from './quiz-results.tsx';

/**
 * The five-question quiz (docs/product.md#quiz): choosing an option records it and advances, Back is disabled on
 * question 1, the results follow the last question, and "Retake Quiz" starts over.
 */
export function Quiz() {
  const [progress, setProgress] = useState<QuizProgress>(initialQuizProgress);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Keyboard and screen-reader users land on the new question (or the results) after each step.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [progress.index]);

  const step = (next: QuizProgress) => {
    moved.current = true;
    setProgress(next);
  };

  if (isQuizComplete(progress)) {
    return <QuizResults answers={quizAnswersOf(progress)} headingRef={headingRef} onRetake={() => step(initialQuizProgress)} />;
  }

  const question = quizQuestions[progress.index];
  if (!question) return null;
  const chosen = progress.answers[progress.index];
  const percent = Math.round((progress.index / quizQuestions.length) * 100);

  return (
    <div className={styles.quiz}>
      <div className={styles.progressRow}>
        <p className={styles.progressText}>{quizMessages.progress(progress.index)}</p>
        <div
          className={styles.progressTrack}
          role="progressbar"
          aria-label="Quiz progress"
          aria-valuemin={0}
          aria-valuemax={quizQuestions.length}
          aria-valuenow={progress.index}
        >
          <span className={styles.progressFill} style={{ width: `${percent}%` }} />
        </div>
      </div>
      <h3 ref={headingRef} tabIndex={-1} className={styles.question}>
        {question.text}
      </h3>
      <ul className={styles.options} aria-label="Answers">
        {question.options.map((option) => (
          <li key={option.id}>
            <Button
              variant="outline"
              fullWidth
              className={styles.option}
              aria-pressed={chosen === option.id}
              onPress={() => step(answerQuizQuestion(progress, option.id))}
            >
              <span className={styles.optionText}>{option.text}</span>
              {chosen === option.id ? <CheckIcon size={18} className={styles.optionCheck} /> : null}
            </Button>
          </li>
        ))}
      </ul>
      <div className={styles.quizNav}>
        <Button variant="ghost" isDisabled={!canGoBack(progress)} onPress={() => step(goBackInQuiz(progress))}>
          <ArrowLeftIcon size={18} />
          Back
        </Button>
      </div>
    </div>
  );
}
