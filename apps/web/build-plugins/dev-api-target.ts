/**
 * Where `npm run dev`'s Vite sends `/api` and `/healthz`: the API server that `npm run dev` starts
 * beside it listens on `PORT` (default 3000), so the proxy follows it; `WELLSPRING_API_URL` points
 * the proxy at any other server instead.
 */
export function devApiTarget(env: Readonly<Record<string, string | undefined>>): string {
  if (env.WELLSPRING_API_URL) return env.WELLSPRING_API_URL;
  const port = env.PORT?.trim() || '3000';
  return `http://localhost:${port}`;
}
