/*
 * The waitlist forms validate with the domain's zod schemas; zod is a fifth of the landing page's
 * JavaScript budget, so it loads with the first keystroke (or submit) instead of with the page.
 */
export const loadWaitlistFormSchema = () => import('./waitlist-schemas.ts').then((m) => m.waitlistFormSchema);
export const loadInviteFormSchema = () => import('./waitlist-schemas.ts').then((m) => m.inviteFormSchema);
