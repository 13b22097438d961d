import { describe, expect, it } from 'vitest';
import { routeAssetTags } from './route-assets.ts';

const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shell-1.js'], css: ['assets/index-1.css'] },
  '_shell-1.js': { file: 'assets/shell-1.js', css: ['assets/shell-1.css'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_shell-1.js'], css: ['assets/form-1.css'] },
  'src/app/routes/product-page.tsx': {
    file: 'assets/product-page-1.js',
    imports: ['_shell-1.js', '_form-1.js', 'index.html'],
    css: ['assets/product-page-1.css'],
  },
};

describe("a server-rendered page's own style sheets and chunks", () => {
  it("links the style sheets of the page chunk and its imports, imports' first, not what index.html links already", () => {
    expect(routeAssetTags(manifest, 'src/app/routes/product-page.tsx')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/form-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/product-page-1.css">',
    );
  });

  it('links nothing for a module the manifest does not name', () => {
    expect(routeAssetTags(manifest, 'src/unknown.tsx')).toBe('');
  });
});
