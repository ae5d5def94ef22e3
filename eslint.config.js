// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layers (docs/architecture.md "Layers"): web → contract only; server → core → db, media,
 * engines, contract; engines → media, contract; db → contract; contract and media → nothing of
 * ours. `import-x/no-cycle` proves there is no import loop (type-only imports are not loops at
 * run time and are not followed); `import-x/no-extraneous-dependencies` that each workspace's
 * package.json lists what it imports.
 */
const ours = (...names) => names.map((name) => [name, `${name}/*`]).flat();
const WORKSPACES = ['apps/server', 'apps/web', 'packages/client', 'packages/contract', 'packages/core', 'packages/db', 'packages/engines', 'packages/media'];
/** Core has no files, paths, processes or drivers: it reaches them through ports its adapters implement. */
const CORE_PATTERNS = [
  {
    group: ['fs', 'fs/*', 'node:fs', 'node:fs/*', 'path', 'node:path', 'child_process', 'node:child_process', 'pg', 'pg-*', '@aws-sdk/*', '@electric-sql/*'],
    message: 'services go through repositories and adapters (no files, paths, processes or drivers in core)',
  },
  { group: ours('@voxwork/server'), message: 'core never imports the server' },
];
const CORE_NO_FILE_HELPERS = {
  name: '@voxwork/media',
  importNames: ['withWorkDir', 'fileToDataUrl', 'fileSize', 'readTextFile', 'writeTextFile', 'saveStreamToFile', 'readWavMono', 'writeWavMono'],
  message: 'core reaches files through its ports (JobFiles, ScratchFiles, StorageRepository, the runtime ports), not media file helpers',
};
/**
 * Tools (docs/architecture.md "Adding a tool"): each is its own folders, found by what declares it,
 * so a new tool is fenced without an edit here — core `packages/core/src/<tool>/<tool>.tool.ts`, server
 * `apps/server/src/tools/<tool>.tool.ts`, web `apps/web/app/components/<tool>/<tool>.web.ts` (its
 * helpers in `apps/web/app/lib/<tool>/`). A tool folder imports no other tool's folder: what two tools
 * share lives in a shared folder (core `pipeline-stages/`, web `components/tool-shared/`, `lib/`).
 * The voice library (`voices/`) is the one tool others build on: its pickers and voice choice are
 * shared by every tool that speaks.
 */
const SHARED_TOOLS = new Set(['voices']);
const toolFolders = (base, declaration) =>
  readdirSync(new URL(base, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${base}/${entry.name}/${entry.name}${declaration}`, import.meta.url)))
    .map((entry) => entry.name);
const CORE_TOOLS = toolFolders('packages/core/src', '.tool.ts');
const WEB_TOOLS = toolFolders('apps/web/app/components', '.web.ts');
const SERVER_TOOLS = readdirSync(new URL('apps/server/src/tools', import.meta.url))
  .filter((name) => name.endsWith('.tool.ts'))
  .map((name) => name.slice(0, -'.tool.ts'.length));
const webToolFolders = (tool) => [`apps/web/app/components/${tool}`, ...(existsSync(new URL(`apps/web/app/lib/${tool}`, import.meta.url)) ? [`apps/web/app/lib/${tool}`] : [])];
const TOOL_MESSAGE = 'a tool imports no other tool: move what both use to a shared folder (core pipeline-stages/, web components/tool-shared/ or lib/)';
/** One zone per tool and layer: the tool's folders may not import the other tools' folders. */
const TOOL_ZONES = [
  ...CORE_TOOLS.map((tool) => ({
    target: `packages/core/src/${tool}`,
    from: CORE_TOOLS.filter((other) => other !== tool && !SHARED_TOOLS.has(other)).map((other) => `packages/core/src/${other}`),
    message: TOOL_MESSAGE,
  })),
  ...SERVER_TOOLS.map((tool) => ({
    target: `apps/server/src/tools/${tool}.tool.ts`,
    from: SERVER_TOOLS.filter((other) => other !== tool).map((other) => `apps/server/src/tools/${other}.tool.ts`),
    message: TOOL_MESSAGE,
  })),
  ...WEB_TOOLS.map((tool) => ({
    target: webToolFolders(tool),
    from: WEB_TOOLS.filter((other) => other !== tool && !SHARED_TOOLS.has(other)).flatMap(webToolFolders),
    message: TOOL_MESSAGE,
  })),
  // The shared stages and the engine ports are below every tool (the voice library aside).
  {
    target: ['packages/core/src/pipeline-stages', 'packages/core/src/engines'],
    from: CORE_TOOLS.filter((tool) => !SHARED_TOOLS.has(tool)).map((tool) => `packages/core/src/${tool}`),
    message: 'shared stages and engine ports serve every tool and import none',
  },
  {
    target: ['apps/web/app/components/tool-shared'],
    from: WEB_TOOLS.filter((tool) => !SHARED_TOOLS.has(tool)).flatMap(webToolFolders),
    message: 'shared components serve every tool and import none',
  },
  // The server's engine adapters adapt engines to core's ports: no product rule (a tool's folder) reaches them.
  {
    target: 'apps/server/src/engines',
    from: ['packages/core/src'],
    except: ['./engines', './domain-error.ts', './engine-ports.ts'],
    message: "engine adapters implement core's engine ports (@voxwork/core/engines) and hold no product rules",
  },
];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/*.acceptance.test.ts', '**/test-support/**', '**/testing/**'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', '.tools/**', 'data/**', 'test-results/**', 'playwright-report/**', 'packages/db/migrations/**', 'packages/client/dist/**'],
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
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Only our TypeScript is parsed to follow imports (across workspaces too); packages in
      // node_modules are not walked.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/ignore': ['/node_modules/'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'default'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: TOOL_ZONES }],
    },
  },
  // Tests are leaves (nothing imports them): walking the graph from them finds nothing new.
  { files: TEST_FILES, rules: { 'import-x/no-cycle': 'off' } },
  // Each workspace imports only what its package.json lists (tests may use the root's dev tools).
  ...WORKSPACES.map((workspace) => ({
    files: [`${workspace}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          packageDir: [workspace, '.'],
          includeInternal: true,
          includeTypes: true,
          // `#i18n/catalogues` is the web app's own import map.
          whitelist: ['@voxwork/web'],
          // Build-time files (Vite, React Router's route config) may use dev tools.
          devDependencies: [...TEST_FILES.map((glob) => `${workspace}/${glob}`), `${workspace}/*.config.ts`, `${workspace}/*.plugin.ts`, 'packages/client/generate-openapi-types.ts', 'apps/web/app/routes.ts', 'apps/web/app/env.d.ts'],
        },
      ],
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      // The browser bundle must never pull in server code, and zod stays out of it (decision 011).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...ours('@voxwork/db', '@voxwork/core', '@voxwork/media', '@voxwork/engines', '@voxwork/server'), 'node:*', 'fs', 'fs/*', 'path', 'child_process'], message: 'the web app imports @voxwork/contract only (server code stays out of it)' },
          ],
        },
      ],
      // Type imports of call definitions are fine (erased); values are not.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@voxwork/contract$',
              importNamePattern: '^[a-z]\\w*Call$',
              allowTypeImports: true,
              message: 'import the schema-free call handle from @voxwork/contract/client (add it to client/call-handles.ts): call definitions bring zod into the browser',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [CORE_NO_FILE_HELPERS], patterns: CORE_PATTERNS }] },
  },
  {
    files: ['packages/engines/**/*.ts'],
    rules: {
      // Engines run processes only through @voxwork/media's runner (timeouts, cancellation, one place).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:child_process', 'child_process', 'execa', 'cross-spawn'], message: 'use runMediaTool or startServiceProcess from @voxwork/media' },
            { group: ours('@voxwork/core', '@voxwork/db', '@voxwork/server'), message: 'engines depend on media and contract only' },
          ],
        },
      ],
    },
  },
  {
    // The client and the CLI stand alone (they speak HTTP and read the generated types): nothing of the server's packages at run time.
    files: ['packages/client/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ours('@voxwork/contract', '@voxwork/core', '@voxwork/db', '@voxwork/media', '@voxwork/engines', '@voxwork/server', '@voxwork/web'), message: 'the client depends on the generated OpenAPI types only' }] }],
    },
  },
  {
    files: ['packages/contract/**/*.ts', 'packages/media/**/*.ts', 'packages/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ours('@voxwork/core', '@voxwork/engines', '@voxwork/server', '@voxwork/web'), message: 'lower layers never import upper ones' }] },
      ],
    },
  },
  {
    // An engine's failure reaches a tool as a typed reason (EngineInputError.reason), never as a pattern on its message.
    files: ['apps/server/src/engines/**/*.ts', 'packages/core/**/*.ts', 'packages/engines/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(test|match|exec)$/] MemberExpression[property.name='message']",
          message: 'map an engine failure by its typed reason (EngineInputError.reason), not by its message',
        },
        {
          selector: "CallExpression[callee.property.name=/^(match|includes|startsWith)$/][callee.object.property.name='message']",
          message: 'map an engine failure by its typed reason (EngineInputError.reason), not by its message',
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.ts', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
);
