import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { serverRoot } from '../paths.ts';

export const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<title>Kassa test shop</title>
<script type="application/json" id="kassa-page-definitions">{}</script>
<script type="module" src="/assets/index-abc123.js"></script>
</head>
<body><div id="root"></div></body>
</html>
`;

/** A fake dist folder inside the repo's .tmp, as `vite build` would leave it. */
export function fakeDist(): string {
  const tmp = path.resolve(serverRoot, '../../.tmp');
  mkdirSync(tmp, { recursive: true });
  const dist = mkdtempSync(path.join(tmp, 'storefront-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("kassa");\n');
  writeFileSync(
    path.join(dist, 'assets', 'index-abc123.js.br'),
    brotliCompressSync('console.log("kassa");\n'),
  );
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  return dist;
}
