// Lint: typescript-eslint recommended, plus the layering rule (contracts imports nothing of ours
// and no node: module; frontend and gateway import only contracts from the back end).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tmp/**', 'frontend/public/**', '**/*.js', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '@murmur/*'] }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}', 'realtime-gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@murmur/command-api*', '@murmur/query-api*', '@murmur/projections*'] }],
    },
  },
);
