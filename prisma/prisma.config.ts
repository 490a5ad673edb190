import path from 'node:path';
import { defineConfig } from 'prisma/config';

// The CLI reads this file; the app builds its own connection (apps/server/src/db/client.ts).
export default defineConfig({
  schema: path.join(import.meta.dirname, 'schema.prisma'),
  migrations: { path: path.join(import.meta.dirname, 'migrations') },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/wellspring' },
});
