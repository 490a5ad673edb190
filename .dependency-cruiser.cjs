// Floors that only go down (issue 28, record 0044): `npm run lint` runs this after ESLint.
// Every import, type-only ones included, points to the same floor or one below, and no module
// imports itself round a circle, in the server, the web client and the domain.
const server = 'apps/server/src/';

// The server's floors, top to bottom. A file belongs to the first floor whose pattern it matches.
const cli = `^${server}.*\\.cli\\.ts$`;
const entry = `^${server}(main\\.ts$|app\\.ts$|seed/)|${cli}`;
// What drives the commands: tRPC, the plain HTTP handlers, and the relay worker.
const edge = `^${server}(trpc/|http/|outbox/relay\\.ts$)`;
// The runner, the machines (`*.commands.ts`, in their area's folder) and the workflows that run
// several of them (a file outside commands/ that calls executeCommand is listed here).
const commands = `^${server}(commands/|.*\\.commands\\.ts$|practice/(online-booking|booking-follow|booking-manage|referral-redemption)\\.ts$)`;
// Repositories and the areas' reads, rules and mail: below the commands.
const modules = `^${server}(repositories|practice|community|auth|audit|outbox|records|pdf|geo|cache)/`;
// The database, configuration and the logger: every floor may use them.
const base = `^${server}(db/|generated/|config\\.ts$|logger\\.ts$)`;

const upward = (name, from, fromNot, above) => ({
  name,
  severity: 'error',
  comment: `${name}: imports on the server go trpc/ → commands/ → repositories → db/, never back (record 0044). Move the shared piece down to the floor of its lowest user.`,
  from: { path: from, pathNot: fromNot },
  to: { path: above },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circles (record 0044): move what both sides need into a module of its own, below them.',
      from: {},
      to: { circular: true },
    },
    upward('server-edge-imports-entry', edge, cli, entry),
    upward('server-commands-import-edge', commands, `${cli}|${edge}`, `${entry}|${edge}`),
    upward('server-modules-import-commands', modules, `${cli}|${edge}|${commands}`, `${entry}|${edge}|${commands}`),
    upward('server-base-imports-above', base, cli, `${entry}|${edge}|${commands}|${modules}`),
    {
      name: 'server-samples-only-in-seeds',
      severity: 'error',
      comment: "The spec's samples (@wellspring/domain/samples) are seed data: on the server only seed/ imports them.",
      from: { path: `^${server}`, pathNot: `^${server}seed/` },
      to: { path: '^packages/domain/src/samples/' },
    },
    {
      name: 'domain-areas-import-samples',
      severity: 'error',
      comment: "The domain's samples are the floor above its areas (@wellspring/domain/samples): an area, or the main entry, never imports them.",
      from: { path: '^packages/domain/src/', pathNot: ['^packages/domain/src/samples/', '\\.test\\.ts$', '\\.testkit\\.ts$'] },
      to: { path: '^packages/domain/src/samples/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated)/' },
    // Type-only imports count: a circle over one type is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
