import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'var/**', 'coverage/**', 'e2e/artifacts/**', 'bench/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      // Imports flow one way: shared (api, components, lib, captcha) -> features -> widgets/pages/app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features/registration', from: './src/features', except: ['./registration'] },
            { target: './src/features/recoverUsername', from: './src/features', except: ['./recoverUsername'] },
            { target: './src/features/passwordReset', from: './src/features', except: ['./passwordReset'] },
            { target: './src/features/verifyEmail', from: './src/features', except: ['./verifyEmail'] },
            { target: './src/features/login', from: './src/features', except: ['./login'] },
            { target: './src/features/goGreen', from: './src/features', except: ['./goGreen'] },
            { target: './src/features/profile', from: './src/features', except: ['./profile'] },
            { target: './src/features/popups', from: './src/features', except: ['./popups'] },
            { target: ['./src/api', './src/components', './src/lib', './src/platform'], from: ['./src/features', './src/widgets', './src/pages'] },
            { target: './src/features', from: ['./src/widgets', './src/pages'] },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks from src/lib/hooks.ts.',
            },
            { name: 'antd', importNames: ['message', 'notification'], message: 'Snackbar messages live in the store.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
