// `npm run dev`: the API server (restarting on change) and Vite with hot reload, side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@wellspring/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@wellspring/web'], { stdio: 'inherit' }),
];
const stopAll = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
