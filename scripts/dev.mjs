// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server (port 5173, proxying the API).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { cwd: root, stdio: 'inherit' }),
];
console.log('API on http://localhost:3000, app with hot reload on http://localhost:5173/admin/');
const stopAll = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children)
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exit(code ?? 0);
  });
