// A small ESLint rule for the storefront's layers (docs/architecture.md, decision 0005):
// components/ui and lib import no feature or app code, features import no
// app code, and no feature imports another feature — except the shared
// ones (decisions 0111, 0220): features/checkout holds the checkout pieces every
// order flow uses, and any feature may import it; a shared feature itself
// imports no other feature.
import path from 'node:path';

const SRC = `${path.sep}apps${path.sep}storefront${path.sep}src${path.sep}`;

/** Features every other feature may import (decision 0111). */
export const SHARED_FEATURES = new Set(['features/checkout']);

/** 'features/cart' | 'app' | 'lib' | 'components' | undefined for a file path. */
function layerOf(file) {
  const at = file.indexOf(SRC);
  if (at < 0) return undefined;
  const [top, name] = file.slice(at + SRC.length).split(path.sep);
  if (top === 'features') return `features/${name}`;
  return top;
}

function resolveTarget(fromFile, source) {
  if (source.startsWith('@/')) {
    const at = fromFile.indexOf(SRC);
    return at < 0 ? undefined : path.join(fromFile.slice(0, at + SRC.length), source.slice(2));
  }
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return undefined;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { layer: '{{why}}' } },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveTarget(context.filename, node.source.value);
      const to = target && layerOf(target);
      if (!to || to === from) return;
      let why;
      if ((from === 'lib' || from === 'components') && (to === 'app' || to.startsWith('features/'))) {
        why = `${from} imports no feature or app code (${to}).`;
      } else if (from.startsWith('features/') && to === 'app') {
        why = 'features import no app code.';
      } else if (from.startsWith('features/') && SHARED_FEATURES.has(to) && !SHARED_FEATURES.has(from)) {
        return;
      } else if (from.startsWith('features/') && to.startsWith('features/')) {
        why = `no feature imports another feature (${from} → ${to}).`;
      }
      if (why) context.report({ node: node.source, messageId: 'layer', data: { why } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: (node) => check({ source: node.source }),
    };
  },
};

export default { rules: { layers: rule } };
