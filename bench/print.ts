import type { BundleSize } from './bundle-size.ts';
import type { ProcessMemory } from './kassa-server.ts';
import type { LoadSettings, Measurement } from './measure.ts';

/** The results as a plain table; ratios are against the bare Fastify baseline measured before each case. */
export function printReport(report: {
  settings: LoadSettings;
  baseline: Measurement;
  measurements: Measurement[];
  kassaMemory?: (ProcessMemory & { loadSeconds: number }) | undefined;
  bundle: BundleSize | undefined;
  notes: string[];
}): void {
  const { settings, baseline } = report;
  const rows = [baseline, ...report.measurements].map((m) => [
    m.name,
    m.requestsPerSecond.toFixed(0),
    m.p99Ms.toFixed(1),
    `${(m.requestsPerSecond / (m.baselineRequestsPerSecond ?? baseline.requestsPerSecond)).toFixed(3)}×`,
    String(m.failures),
    m.serverCpuMicrosPerRequest === undefined ? '' : m.serverCpuMicrosPerRequest.toFixed(1),
  ]);
  const header = ['Case', 'req/s', 'p99 ms', 'vs baseline', 'failures', 'server CPU µs/req'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');

  console.log(
    `\nLoad: ${settings.connections} connections, ${settings.durationSeconds} s each after ${settings.warmUpSeconds} s warm-up\n`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  rows.forEach((row) => console.log(line(row)));

  if (report.kassaMemory) {
    const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    const { rssBytes, peakRssBytes, loadSeconds } = report.kassaMemory;
    console.log(
      `\nKassa RSS after its load cases (${loadSeconds} s of load): ${megabytes(rssBytes)}, peak ${megabytes(peakRssBytes)} (target: at most 300 MB)`,
    );
  }

  if (report.bundle) {
    const kilobytes = (report.bundle.gzipBytes / 1024).toFixed(1);
    console.log(
      `\nStorefront ${report.bundle.scope}: ${kilobytes} KB gzip in ${report.bundle.files.length} JS files`,
    );
    console.log(`  ${report.bundle.files.join(', ')}`);
  } else {
    console.log('\nStorefront bundle: no build found (run `npm run build`)');
  }
  report.notes.forEach((note) => console.log(`Note: ${note}`));
}
