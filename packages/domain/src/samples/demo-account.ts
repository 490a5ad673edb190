/**
 * The demo practitioner seeded on a non-production start (SEED_DEMO=0 turns it off), so the
 * dashboard can be tried at once: demo@wellspring.test / wellspring-demo.
 */
export const demoAccount = {
  email: 'demo@wellspring.test',
  password: 'wellspring-demo',
  name: 'Dr. Sarah Mitchell',
} as const;
