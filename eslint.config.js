import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/coverage/**', '.data/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The web client's layers (STYLE.md, bulletproof-react): app/ → features/<area>/ → ui/ and lib/.
  // A feature never imports another feature (what two features share moves to lib/ or ui/, and
  // app/ composes them), and ui/ and lib/ import neither features nor app.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../<other-feature>/…` from a feature's folder, or any path through `features/`.
              regex: '^\\.\\./(?!\\.\\./)[^/]+/|(^|/)features/',
              message: 'Features do not import each other: move what they share to lib/ or ui/, or compose them in app/.',
            },
            { regex: '(^|/)app/', message: 'Imports flow app/ → features/ → lib/ and ui/: a feature does not import app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(features|app)/', message: 'lib/ and ui/ are shared by every feature: they import neither features/ nor app/.' },
          ],
        },
      ],
    },
  },
);
