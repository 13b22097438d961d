#!/usr/bin/env node
// npm run dev: the storefront's Vite dev server (hot reload; it proxies /api
// and /media to the server) and the server restarting on change. Both stop
// together: on Ctrl-C, or as soon as either of them exits.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const storefront = path.join(root, 'apps/storefront');
const server = path.join(root, 'apps/server');
const viteBin = path.join(
  path.dirname(createRequire(path.join(storefront, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);

const children = [
  // The Vite config proxies to http://localhost:3000, the server's default port.
  start('server', [process.execPath, '--watch', '--import', 'tsx', 'src/main.ts'], server, { PORT: '3000' }),
  start('storefront', [process.execPath, viteBin], storefront, {}),
];

let stopping = false;
function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // A child that ignores SIGTERM must not keep the terminal.
  setTimeout(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 5000).unref();
  Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve),
        ),
    ),
  ).then(() => process.exit(exitCode));
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

function start(name, [command, ...args], cwd, env) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\n[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the other one too.`);
    stopAll(code ?? 1);
  });
  return child;
}

console.log(
  '[dev] storefront: http://localhost:5173 (Vite)   server: http://localhost:3000   API docs: /api/docs',
);
