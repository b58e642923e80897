import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-tools/**', 'node_modules/**', 'data/**', '.test-run/**', '*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['puppeteer', 'puppeteer-core'], message: 'Only src/infra/browser talks to puppeteer.' }] },
      ],
    },
  },
  {
    files: ['src/infra/browser/**', 'test/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', console: 'readonly', globalThis: 'readonly' } },
  },
  {
    files: ['src/**'],
    ignores: ['src/config/**', 'src/main.ts', 'src/cli.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only src/config reads process.env.' }] },
  },
);
