import { describe, expect, it } from 'vitest';
import { parseIndexTemplate, renderIndex } from './index-template.ts';

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
