import { useCallback, useId } from 'react';
import { copyText } from '../../lib/clipboard.ts';
import { saveFile } from '../../lib/download.ts';
import { notify } from '../../lib/toast.tsx';
import { Button } from '../../ui/button/button.tsx';
import { settingsTexts } from './settings-texts.ts';
import * as styles from './settings.css.ts';
import { Notice } from '../../ui/notice/notice.tsx';

const RECOVERY_CODES_FILE = 'wellspring-recovery-codes.txt';

/** The codes as a file or the clipboard holds them: one per line, under what they are for. */
const recoveryCodesText = (codes: readonly string[], email: string): string =>
  [`Wellspring recovery codes for ${email}`, 'Each code works once, to sign in without your authenticator app.', '', ...codes, ''].join('\n');

const download = (text: string): void => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE);

/**
 * The recovery codes, shown this once (the server keeps only their hashes): to copy, to download
 * or to write down. It takes focus as it appears, so a keyboard or screen reader user lands on it
 * rather than on a button that is gone; "I have saved my codes" puts it away for good.
 */
export function RecoveryCodesPanel({ codes, email, onDone }: { readonly codes: readonly string[]; readonly email: string; readonly onDone: () => void }) {
  const titleId = useId();
  const noteId = useId();
  // Stable, so a re-render does not pull focus back to the heading.
  const focusOnAppear = useCallback((heading: HTMLHeadingElement | null) => heading?.focus(), []);
  const text = recoveryCodesText(codes, email);

  const copy = async () => {
    if (await copyText(text)) notify.success({ title: settingsTexts.codesCopied });
    else notify.error({ title: settingsTexts.copyFailed, description: settingsTexts.copyFailedDescription });
  };

  return (
    <section className={styles.codesPanel} aria-labelledby={titleId} aria-describedby={noteId}>
      <h3 id={titleId} ref={focusOnAppear} tabIndex={-1} className={styles.codesTitle}>
        Your recovery codes
      </h3>
      <Notice as="div" id={noteId} tone="attention" layout="stacked" size="sm">
        <p>
          <strong>{settingsTexts.saveCodesNow}</strong>
        </p>
        <p>{settingsTexts.codesUse}</p>
      </Notice>
      <ol className={styles.codes} aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onPress={() => download(text)}>
          Download codes
        </Button>
        <Button onPress={onDone}>I have saved my codes</Button>
      </div>
    </section>
  );
}
