import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '/work/wt/test-speed/apps/server/src/db/client.ts';
const t = () => performance.now();
let a = t();
const d = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
console.log('open', (t() - a).toFixed(0)); a = t();
await d.migrate();
console.log('migrate', (t() - a).toFixed(0)); a = t();
const client = (d.db as any).$client as PGlite;
const dump = await client.dumpDataDir('none');
console.log('dump', (t() - a).toFixed(0), dump.size); a = t();
const dumpgz = await client.dumpDataDir('gzip');
console.log('dumpgz', (t() - a).toFixed(0), dumpgz.size); a = t();
for (let i = 0; i < 3; i++) {
  const c2 = new PGlite({ loadDataDir: dump });
  await c2.waitReady;
  const r = await c2.query('select count(*) from information_schema.tables');
  console.log('load', (t() - a).toFixed(0), JSON.stringify(r.rows)); a = t();
}
for (let i = 0; i < 3; i++) {
  const c3 = await client.clone();
  console.log('clone', (t() - a).toFixed(0)); a = t();
}
for (let i = 0; i < 2; i++) {
  const c4 = new PGlite('memory://'); await c4.waitReady;
  console.log('fresh', (t() - a).toFixed(0)); a = t();
}
