#!/usr/bin/env node
// Compiles the server for production (decision 0255): one ES module,
// dist/main.js, with the server's own code and the @kassa/domain workspace
// bundled in and every npm package left to node_modules. Files read at run
// time sit beside it at the same relative places as beside src/main.ts
// (src/paths.ts): dist/db/migrations and dist/seed/demo-catalogue.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
// A folder directly in apps/server (so that `..` from it is apps/server, as from src/):
// `dist` unless named, e.g. by the tests that build their own copy.
const folder = process.argv[2] ?? 'dist';
if (!/^[\w.-]+$/.test(folder) || folder === 'src' || folder.startsWith('.')) {
  console.error(`build.mjs: the output folder must be a plain folder name in apps/server, not ${folder}`);
  process.exit(1);
}
const dist = `${root}${folder}`;

rmSync(dist, { recursive: true, force: true });

/** npm packages stay external; the workspace's own TypeScript (@kassa/*) is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@kassa/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: { main: `${root}src/main.ts` },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces name the TypeScript files (node --enable-source-maps in start:prod).
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
});

cpSync(`${root}src/db/migrations`, `${dist}/db/migrations`, { recursive: true });
cpSync(`${root}src/seed/demo-catalogue`, `${dist}/seed/demo-catalogue`, { recursive: true });
console.log(`server compiled to apps/server/${folder}/main.js in ${Date.now() - started} ms`);
