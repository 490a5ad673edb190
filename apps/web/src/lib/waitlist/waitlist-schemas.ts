/** The waitlist forms' domain schemas, loaded on demand (see load-waitlist-schemas.ts). */
export { inviteFormSchema, waitlistFormSchema } from '@wellspring/domain';
