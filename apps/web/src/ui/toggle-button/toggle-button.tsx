import type { ReactNode } from 'react';
import {
  Switch as AriaSwitch,
  ToggleButton as AriaToggleButton,
  ToggleButtonGroup as AriaToggleButtonGroup,
  type SwitchProps as AriaSwitchProps,
  type ToggleButtonGroupProps as AriaToggleButtonGroupProps,
  type ToggleButtonProps as AriaToggleButtonProps,
} from 'react-aria-components';
import * as styles from './toggle-button.css.ts';

export type ToggleButtonProps = Omit<AriaToggleButtonProps, 'className' | 'children'> & { children: ReactNode; className?: string };

/** A button that stays pressed (aria-pressed) while selected. */
export function ToggleButton({ className, ...props }: ToggleButtonProps) {
  return <AriaToggleButton {...props} className={[styles.toggleButton, className].filter(Boolean).join(' ')} />;
}

export type ToggleButtonGroupProps = Omit<AriaToggleButtonGroupProps, 'className' | 'children'> & { children: ReactNode; className?: string };

/** Toggle buttons side by side, one or more selected (a view switch: Week | Month). */
export function ToggleButtonGroup({ className, ...props }: ToggleButtonGroupProps) {
  return <AriaToggleButtonGroup {...props} className={[styles.toggleButtonGroup, className].filter(Boolean).join(' ')} />;
}

export type SwitchProps = Omit<AriaSwitchProps, 'className' | 'children'> & { children: ReactNode; className?: string };

export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={[styles.switchRoot, className].filter(Boolean).join(' ')}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      {children}
    </AriaSwitch>
  );
}
