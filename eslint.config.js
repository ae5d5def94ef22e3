// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', '.tools/**', 'data/**', 'test-results/**', 'playwright-report/**', 'packages/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      // The browser bundle must never pull in server code.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@voxwork/db', '@voxwork/core', '@voxwork/media', '@voxwork/server', 'node:*'], message: 'server code stays out of the web app' }] },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['pg', 'node:fs', 'node:fs/*', 'node:child_process', '@aws-sdk/*', '@electric-sql/*'], message: 'services go through repositories and adapters' }] },
      ],
    },
  },
  {
    files: ['packages/engines/**/*.ts'],
    rules: {
      // Engines run processes only through @voxwork/media's runner (timeouts, cancellation, one place).
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:child_process', 'child_process'], message: 'use runMediaTool from @voxwork/media' }] }],
    },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.ts', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
);
