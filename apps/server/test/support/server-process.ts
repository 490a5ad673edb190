/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`, what `npm start`
 * runs), on a port of its own: for tests that need more than one server on one database, each with
 * its own memory (caches), relay worker and LISTEN connection, and that may die as a process does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '../../src/config.ts';
import { freePort } from './free-port.ts';
import type { Endpoint } from './server.ts';

export interface ServerProcess extends Endpoint {
  readonly port: number;
  /** The process's log so far (pino JSON lines), for a failure's message. */
  log(): string;
  /** Kills it at once (SIGKILL): no graceful shutdown, leases and connections left as they were. */
  kill(): Promise<void>;
  /** SIGTERM, the graceful shutdown, and waits for the exit. */
  stop(): Promise<void>;
}

const LOG_LIMIT = 200_000;

async function waitForHealthy(child: ChildProcess, baseUrl: string, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was healthy:\n${log()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server at ${baseUrl} was not healthy after ${timeoutMs} ms:\n${log()}`);
}

/** Starts a server with `env` over the process's own environment and waits for /healthz. */
export async function startServerProcess(env: Record<string, string>, { timeoutMs = 60_000 } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-LOG_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  try {
    await waitForHealthy(child, baseUrl, () => output, timeoutMs);
  } catch (error) {
    await signal('SIGKILL');
    throw error;
  }
  return { port, baseUrl, origin: baseUrl, log: () => output, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}
