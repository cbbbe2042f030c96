import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Frameworks and storage a package may not reach for: the arrows of docs/design.md section 4. */
const SERVER_ONLY = ['express', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', 'ethers', 'pino', 'grammy', '@grammyjs/*'];
const restrict = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/migrations/**', 'test-artifacts/**', '.dev-build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // A promise nobody awaits loses its error (an unhandled rejection stops the process), and a promise
  // handed where a plain callback is expected (an Express handler, a grammY middleware, an onClick) is
  // never awaited: both are checked with the types.
  {
    files: ['*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['webapp/**/*.tsx', 'admin/**/*.tsx', 'webapp/src/**/*.ts', 'admin/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Import boundaries: `shared` is the contract every package imports and imports none of them; the
  // clients talk to the API over HTTP only; routes stay thin (SQL lives in repositories and services).
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ['@topup/api', '@topup/bot', '@topup/webapp', '@topup/admin', '**/api/src/**', '**/bot/src/**', '**/webapp/src/**', '**/admin/src/**', ...SERVER_ONLY],
        'shared is the contract: it imports no package of ours and no server framework.',
      ),
    },
  },
  {
    files: ['webapp/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        ['@topup/api', '**/api/src/**', ...SERVER_ONLY],
        'A client reaches the server through the API only (shared/src/client).',
      ),
    },
  },
  {
    files: ['bot/src/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ['@topup/api', '**/api/src/**', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite'],
        'The bot reaches the server through the API only (shared/src/client).',
      ),
    },
  },
  {
    files: ['api/src/**/*.router.ts', 'api/src/http/**/*.ts', 'api/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*', '**/db/client'],
        'Routes are thin: queries live in repositories and services.',
      ),
    },
  },
  {
    files: ['**/main.ts', 'bench/**', '**/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
