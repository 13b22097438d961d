#!/usr/bin/env node
// After `vite build`: writes .br and .gz beside every compressible file in the
// storefront's dist, so the server (@fastify/static `preCompressed`) sends
// compressed bytes without compressing on every request. Brotli at its
// highest level is slow, which is fine once per build and pays off on every
// visit. Vite empties dist on each build, so no stale copies survive.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const dist = process.argv[2]
  ? path.resolve(process.argv[2])
  : fileURLToPath(new URL('../apps/storefront/dist', import.meta.url));
// index.html is a template the server fills per request, and source maps are
// fetched only by developer tools: neither is worth shipping compressed.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|wasm)$/;

async function* files(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== '.vite') yield* files(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compress(file) {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  // A compressed copy that saves little only costs a file system look-up.
  if (br.length < source.length * 0.9) await writeFile(`${file}.br`, br);
  if (gz.length < source.length * 0.9) await writeFile(`${file}.gz`, gz);
  return { before: source.length, after: Math.min(br.length, source.length) };
}

let before = 0;
let after = 0;
let count = 0;
try {
  for await (const file of files(dist)) {
    const sizes = await compress(file);
    before += sizes.before;
    after += sizes.after;
    count += 1;
  }
} catch (error) {
  console.error(
    `compress-dist: could not compress ${dist}: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
console.log(
  `compress-dist: ${count} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
