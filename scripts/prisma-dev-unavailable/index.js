// `package.json` overrides `@prisma/streams-local` with this package (record 0047). Only
// `prisma dev` (Prisma's own local database server) loads it; Wellspring runs embedded PostgreSQL
// instead, and the real package needs Node 22 while the project supports Node 20.
const reason =
  '`prisma dev` is not available in Wellspring: its @prisma/streams-local needs Node 22, and ' +
  'Wellspring runs its own embedded PostgreSQL (`npm start`). See docs/decisions/0047.';

export async function startLocalDurableStreamsServer() {
  throw new Error(reason);
}
