import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// One write path (issue 23, item 7; docs/architecture.md#one-write-path): on the server, state changes only through the
// command runner — a machine's `save`/`insert` in a `*.commands.ts` file, or a repository function
// only such a machine calls. Anywhere else, a Prisma write (create/update/upsert/delete…), an
// `$executeRaw`, or a raw statement that inserts, updates or deletes is an error.
const prismaWriteMethods = 'create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany';
const writeStatement = String.raw`/\b(insert\s+into|update\s+\w+\s+set|delete\s+from|truncate|merge\s+into)\b/i`;
const writeOutsideRunner = 'State changes go through the command runner (apps/server/src/commands/run-command.ts): write in a machine\'s save (a *.commands.ts file) or a repository function only machines call, and list that file in eslint.config.js with its reason.';
export const oneWritePathRule = [
  'error',
  // `db.model.create(…)`, `tx.model.update(…)`, `ctx.db.model.delete(…)`; not `this.#map.delete(…)`.
  { selector: `CallExpression[callee.property.name=/^(${prismaWriteMethods})$/][callee.object.type='MemberExpression'][callee.object.property.type='Identifier'][callee.object.object.type!='ThisExpression']`, message: writeOutsideRunner },
  { selector: "CallExpression[callee.property.name=/^[$]executeRaw/]", message: writeOutsideRunner },
  { selector: "TaggedTemplateExpression[tag.property.name=/^[$]executeRaw/]", message: writeOutsideRunner },
  { selector: `TaggedTemplateExpression[tag.property.name=/^[$]queryRaw/] TemplateElement[value.raw=${writeStatement}]`, message: writeOutsideRunner },
  // node-postgres: `pool.query('INSERT …')`, `client.query(\`UPDATE …\`)`.
  { selector: `CallExpression[callee.property.name='query'] > Literal[value=${writeStatement}]`, message: writeOutsideRunner },
  { selector: `CallExpression[callee.property.name='query'] > TemplateLiteral TemplateElement[value.raw=${writeStatement}]`, message: writeOutsideRunner },
];
/** Files that may write outside a machine, each for its reason. */
export const writesAllowedIn = [
  // The runner and the machines.
  'apps/server/src/commands/run-command.ts', // appends the events and locks aggregates, in the command's transaction
  'apps/server/src/**/*.commands.ts', // a machine's load/save
  // Repositories whose write functions only machines call (their save/insert).
  'apps/server/src/repositories/domain-event.repository.ts', // appendDomainEvents, from the runner
  'apps/server/src/repositories/favorite.repository.ts', // setFavoritePractitioner, from commands/favorite.commands.ts
  'apps/server/src/repositories/user.repository.ts', // createUser, from commands/account.commands.ts
  'apps/server/src/repositories/waitlist.repository.ts', // the join's one statement and the invite, from commands/waitlist.commands.ts
  'apps/server/src/repositories/application.repository.ts', // from commands/application.commands.ts
  'apps/server/src/community/resources.repository.ts', // saveResourceDownloads, from community/resource-download.commands.ts
  // Infrastructure: bookkeeping of the server itself, not a user's state change.
  'apps/server/src/repositories/session.repository.ts', // sessions: sign-in creates, sign-out deletes, requests renew
  'apps/server/src/repositories/rate-limit.repository.ts', // rate-limit counters, counted before any command runs
  'apps/server/src/audit/audit-log.ts', // the append-only audit log (its entry belongs to the read or command it records)
  'apps/server/src/audit/audit-seal.ts', // the audit log's seals, appended by the sealer (bookkeeping of the log, not a user's change)
  'apps/server/src/repositories/idempotency.repository.ts', // idempotency keys: claimed by the runner in the write's transaction, answered by trpc.ts
  'apps/server/src/repositories/outbox.repository.ts', // the relay's delivery bookkeeping (claims, attempts, dead letters)
  'apps/server/src/practice/booking-holds.ts', // a patient's minutes-long hold on a time while they fill the form (part of the no-double-booking guard), not a record of the practice
  'apps/server/src/practice/practice-transaction.ts', // set_config: names the practice to the transaction (row-level security), changes no row
  'apps/server/src/db/roles.ts', // the database roles, provisioned at start-up as the admin
  'apps/server/src/db/migrate.ts', // migrations
  'apps/server/src/db/embedded.ts', // the embedded cluster's roles and databases
  'apps/server/src/db/schema-engine.ts', // migration tooling on an in-memory database
  'apps/server/src/seed/*.ts', // seeds: fixture data written at start-up or by `npm run seed`, not by a request
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/coverage/**', '.data/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The web client's layers (docs/architecture.md#layers, bulletproof-react): app/ → features/<area>/ → ui/ and lib/.
  // A feature never imports another feature (what two features share moves to lib/ or ui/, and
  // app/ composes them), and ui/ and lib/ import neither features nor app.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../<other-feature>/…` from a feature's folder, or any path through `features/`.
              regex: '^\\.\\./(?!\\.\\./)[^/]+/|(^|/)features/',
              message: 'Features do not import each other: move what they share to lib/ or ui/, or compose them in app/.',
            },
            { regex: '(^|/)app/', message: 'Imports flow app/ → features/ → lib/ and ui/: a feature does not import app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(features|app)/', message: 'lib/ and ui/ are shared by every feature: they import neither features/ nor app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: writesAllowedIn,
    rules: { 'no-restricted-syntax': oneWritePathRule },
  },
  // …and those repositories' write functions are imported by machines only, so "only machines call" holds.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.commands.ts', 'apps/server/src/commands/run-command.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(repositories/(favorite|user|waitlist|application|domain-event)|community/resources)\\.repository\\.ts$',
              importNames: ['setFavoritePractitioner', 'createUser', 'insertWaitlistInvite', 'insertWaitlistEntryWithEvent', 'insertApplication', 'updateApplicationStatus', 'appendDomainEvents', 'saveResourceDownloads'],
              message: 'A write of the command runner: call it from a machine (a *.commands.ts file), not from a router or a handler.',
            },
          ],
        },
      ],
    },
  },
);
