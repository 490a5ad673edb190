import type { RouterOutputs } from '@wellspring/server/router';
import { useCallback, useRef, useState } from 'react';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { SessionsPart } from './sessions-part.tsx';
import { SettingsSection } from './settings-layout.tsx';
import { RecoveryCodesPart, TwoStepPart } from './two-step.tsx';

type Overview = RouterOutputs['account']['overview'];

/** Security: 2-step verification, its recovery codes (new ones shown once), and where the account is signed in. */
export function SecuritySection({ overview }: { readonly overview: Overview }) {
  const [shownCodes, setShownCodes] = useState<readonly string[] | null>(null);
  const twoStepTitle = useRef<HTMLHeadingElement>(null);
  const focusTwoStepTitle = useCallback(() => twoStepTitle.current?.focus(), []);

  return (
    <SettingsSection title="Security">
      <TwoStepPart twoStep={overview.twoStep} onEnabled={setShownCodes} titleRef={twoStepTitle} focusTitle={focusTwoStepTitle} />
      {shownCodes ? (
        <RecoveryCodesPanel
          codes={shownCodes}
          email={overview.email}
          onDone={() => {
            // The panel and its button go: focus stays in the section, on its first heading.
            focusTwoStepTitle();
            setShownCodes(null);
          }}
        />
      ) : null}
      {overview.twoStep ? <RecoveryCodesPart left={overview.recoveryCodesLeft} onCodes={setShownCodes} /> : null}
      <SessionsPart />
    </SettingsSection>
  );
}
