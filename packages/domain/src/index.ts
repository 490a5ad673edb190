export * from './shared/decision.ts';
export * from './waitlist/waitlist.schema.ts';
export * from './waitlist/waitlist.messages.ts';
export * from './waitlist/waitlist.machine.ts';
export * from './auth/auth.schema.ts';
export * from './catalog/specialties.ts';
export * from './samples/preview-practitioners.ts';
export * from './samples/demo-account.ts';
