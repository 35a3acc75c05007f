// Lint: typescript-eslint recommended, plus the layering rules (contracts imports nothing of ours
// and no node: module; the frontend imports only contracts from the back end; the gateway imports
// contracts and, to read read models, projections' named queries, and nothing else of projections;
// a command or query module uses another only through its public.ts: docs/decisions/foundation.md).
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
    // Routes come from the catalogue (defineRoute): no path is registered by hand, in either API.
    files: ['command-api/src/**/*.ts', 'query-api/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='router'][callee.property.name=/^(get|post|put|delete|patch|all)$/]",
          message: "Register a route with defineRoute(router, 'METHOD /path', handler) from its catalogue entry.",
        },
      ],
    },
  },
  {
    files: ['command-api/src/*/**/*.ts', 'query-api/src/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/routes.ts', '../*/tool-routes.ts', '../modules.ts', '../../modules.ts'],
              message: "A module's routes are its own and the registry sits above the modules: import the other module's public.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@murmur/command-api*', '@murmur/query-api*', '@murmur/projections*'] }],
    },
  },
  {
    files: ['realtime-gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@murmur/command-api*', '@murmur/query-api*'] },
            {
              regex: '^@murmur/projections(?!/queries/[\\w-]+$)',
              message: 'The gateway reads read models through @murmur/projections/queries/* only.',
            },
          ],
        },
      ],
    },
  },
);
