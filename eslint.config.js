// One linter for the whole repo. Import direction (docs/architecture.md) is
// enforced with no-restricted-imports per layer.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './tools/eslint-layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The storefront's server build (decision 0153): generated, like dist.
      '**/dist-ssr/**',
      // Copies of the compiled server that apps/server/src/compiled-server.test.ts builds for itself.
      'apps/server/dist-test-*/**',
      '**/data/**',
      '**/.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
      'e2e/screenshots/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module itself.' },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@kassa/server', '@kassa/storefront', '**/apps/**'], message: 'domain imports no app.' },
            { group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm*', 'react*'], message: 'domain is pure: no I/O, no UI.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kassa/storefront', '**/storefront/src/**'], message: 'server imports no storefront code.' }] },
      ],
    },
  },
  {
    files: ['apps/storefront/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@kassa/server', '**/server/src/**'], message: 'storefront imports no server code.' },
            // A regex, not a gitignore group: '@kassa/domain' as a group would also match the allowed /rules/* and /contract/*.
            { regex: '^@kassa/domain(/src(/.*)?)?$', message: 'import @kassa/domain/rules/* or /contract/* entry points.' },
            { group: ['react-router', 'react-router-dom'], message: 'routing comes from @/lib/router/router (decision 0279).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/storefront/src/**/*.{ts,tsx}'],
    plugins: { kassa: layers },
    rules: { 'kassa/layers': 'error' },
  },
);
