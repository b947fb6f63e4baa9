// `npm run dev`: the API in watch mode and the Vite dev server (which proxies API paths to it).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@alumlink/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@alumlink/web'], { stdio: 'inherit' }),
];

function stopAll(code) {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
