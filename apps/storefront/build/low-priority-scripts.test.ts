import { describe, expect, it } from 'vitest';
import { lowPriorityScripts } from './low-priority-scripts';

/** index.html as Vite writes it into dist (the hashes vary). */
const BUILT = `<head>
    <script type="application/json" id="kassa-page-definitions">{}</script>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-b.js">
    <link rel="modulepreload" crossorigin href="/assets/shell-c.js">
    <link rel="stylesheet" crossorigin href="/assets/style-d.css">
  </head>`;

describe('lowPriorityScripts (decision 0273)', () => {
  it('asks for the entry and its modulepreloads at low priority, the style sheet and data as they were', () => {
    const html = lowPriorityScripts(BUILT);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shell-c.js">');
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(3);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-d.css">');
    expect(html).toContain('<script type="application/json" id="kassa-page-definitions">');
  });

  it('leaves a tag that already names its priority', () => {
    const tag = '<script type="module" fetchpriority="high" src="/a.js"></script>';
    expect(lowPriorityScripts(tag)).toBe(tag);
  });
});
