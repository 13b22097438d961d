import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { indexTemplateLoader, parseIndexTemplate, renderIndex, TEMPLATE_CHECK_MS } from './index-template.ts';

describe('parseIndexTemplate', () => {
  it('fills the page-definitions element wherever the build put it', () => {
    const html =
      '<html><head><title>T</title><script id="kassa-page-definitions" type="application/json">\n  {}\n</script></head><body></body></html>';
    const page = renderIndex(parseIndexTemplate(html), '{"a":1}');
    expect(page).toBe(
      '<html><head><title>T</title><script type="application/json" id="kassa-page-definitions">{"a":1}</script></head><body></body></html>',
    );
  });

  it('adds the element before </head> when a build lacks it', () => {
    const template = parseIndexTemplate('<html><head><title>T</title></head><body></body></html>');
    expect(template.hasPlaceholder).toBe(false);
    expect(renderIndex(template, '{}')).toBe(
      '<html><head><title>T</title><script type="application/json" id="kassa-page-definitions">{}</script></head><body></body></html>',
    );
  });

  it('leaves other script elements alone', () => {
    const html =
      '<head><script type="module" src="/assets/a.js"></script><script type="application/json" id="kassa-page-definitions">{}</script></head>';
    const page = renderIndex(parseIndexTemplate(html), '{"b":2}');
    expect(page).toContain('<script type="module" src="/assets/a.js"></script>');
    expect(page).toContain('id="kassa-page-definitions">{"b":2}</script>');
  });
});

describe('renderIndex with a page head', () => {
  it("replaces the build's title and language and puts the tags before the page definitions", () => {
    const html =
      '<!doctype html>\n<html lang="en" class="x">\n<head><meta charset="UTF-8" /><title>Kassa</title>\n<script type="application/json" id="kassa-page-definitions">{}</script></head><body></body></html>';
    const page = renderIndex(parseIndexTemplate(html), '{}', {
      language: 'nl',
      tags: '<title>Boot – Shop</title>',
    });
    expect(page).toBe(
      '<!doctype html>\n<html lang="nl" class="x">\n<head><meta charset="UTF-8" /><title>Boot – Shop</title><script type="application/json" id="kassa-page-definitions">{}</script></head><body></body></html>',
    );
  });
});

describe('indexTemplateLoader', () => {
  it('looks at index.html at most once a second, and picks up a rebuild after that', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'kassa-template-'));
    const file = path.join(dist, 'index.html');
    let clock = 0;
    const load = indexTemplateLoader(dist, () => clock);
    try {
      writeFileSync(file, '<head><title>first</title></head>');
      expect((await load())?.before).toContain('first');
      writeFileSync(file, '<head><title>second build</title></head>');
      utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      clock += TEMPLATE_CHECK_MS - 1;
      expect((await load())?.before).toContain('first');
      clock += 1;
      expect((await load())?.before).toContain('second build');
      rmSync(file);
      clock += TEMPLATE_CHECK_MS;
      expect(await load()).toBeUndefined();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('gives the pages asked for at once, before the first look has ended, one template', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'kassa-template-'));
    writeFileSync(path.join(dist, 'index.html'), '<head><title>shop</title></head>');
    const load = indexTemplateLoader(dist, () => 0);
    try {
      const templates = await Promise.all(Array.from({ length: 20 }, () => load()));
      expect(new Set(templates).size).toBe(1);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
