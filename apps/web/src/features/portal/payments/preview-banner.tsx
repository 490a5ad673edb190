import { paymentMessages } from '@wellspring/domain';
import { Plus } from 'lucide';
import { InfoIcon, sized } from '../../../ui/icons/icons.tsx';
import * as styles from './payments.css.ts';

/** SPEC §8's preview banner of the payment screens. */
export function PreviewBanner() {
  return (
    <p className={styles.banner}>
      <InfoIcon size={18} className={styles.bannerIcon} aria-hidden="true" />
      <span>{paymentMessages.previewBanner}</span>
    </p>
  );
}

export const PlusIcon = /* @__PURE__ */ sized(Plus);
