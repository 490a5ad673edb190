import { referralStatusBadge, referralStatusIcon, referralStatusLabel, type BadgeVariant } from '@wellspring/domain';
import { Badge, type BadgeProps } from '../../ui/badge/badge.tsx';
import { CheckIcon, ClockIcon, CloseIcon, InfoIcon } from '../../ui/icons/icons.tsx';
import * as styles from './referrals.css.ts';

/** The referral badge variants (docs/product.md#referrals) on our badge's tones. */
const tones: Record<BadgeVariant, NonNullable<BadgeProps['tone']>> = { default: 'primary', secondary: 'neutral', outline: 'outline', destructive: 'danger' };

/** A referral's status: the docs/product.md#referrals badge ("Unknown" for anything else). */
export function ReferralStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[referralStatusBadge(status)]}>{referralStatusLabel(status)}</Badge>;
}

/** docs/product.md#referrals: pending clock, accepted blue check, completed green check, expired red; a question mark otherwise. */
export function ReferralStatusIcon({ status }: { status: string }) {
  const icon = referralStatusIcon(status);
  const props = { size: 20, className: [styles.statusIcon, styles.iconColor[icon.color]].join(' '), 'aria-hidden': true, 'data-icon': `${icon.name}-${icon.color}` } as const;
  switch (icon.name) {
    case 'clock':
      return <ClockIcon {...props} />;
    case 'check':
      return <CheckIcon {...props} />;
    case 'x':
      return <CloseIcon {...props} />;
    case 'help':
      return <InfoIcon {...props} />;
  }
}
