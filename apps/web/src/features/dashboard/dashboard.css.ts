import { style } from '@vanilla-extract/css';
import { space, titleSize } from '../../ui/theme.css.ts';

export const page = style({ width: '100%', maxWidth: '72rem' });

/** The note of an account whose address is not proved yet (issue 25). */
export const verifyBanner = style({ marginBlockEnd: space.lg });

export const verifyBannerTitle = style({ fontSize: titleSize.item });
