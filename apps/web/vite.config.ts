import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));

/**
 * The contracts declare their zod schemas as top-level constants (`export const X = z.object(...)`). A bundler
 * must assume such calls have side effects, so importing one string constant from a contracts file would pull
 * every schema of that file, and zod with them, into the login screen. The contracts only declare things, so
 * the web build marks each top-level initializer pure: unused schemas (and zod, where no schema is used) drop
 * out of the bundle.
 */
function pureContracts(): Plugin {
  return {
    name: 'fleetdesk:pure-contracts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(contracts) || !cleanId(id).endsWith('.ts')) return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
      const spans: { start: number; end: number }[] = [];
      for (const statement of file.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const init = declaration.initializer;
          if (!init || ts.isLiteralExpression(init) || ts.isArrowFunction(init)) continue;
          spans.push({ start: init.getStart(file), end: init.getEnd() });
        }
      }
      let out = code;
      for (const { start, end } of spans.reverse()) {
        out = `${out.slice(0, start)}/*#__PURE__*/ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * Most cold visits land on the sign-in screen (every signed-out visitor is sent there). Its chunk is lazy, so
 * the browser would ask for it only after the entry has run; preloading it from index.html fetches it
 * alongside the entry. A signed-in visitor pays a few KB for it.
 */
function preloadSignIn(): Plugin {
  return {
    name: 'fleetdesk:preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const login = chunks.find((c) => c.facadeModuleId?.endsWith('/features/auth/pages/login-page.tsx'));
        if (!entry || !login) return;
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const files = [login.fileName, ...login.imports].filter((f) => !loaded.has(f));
        const css = [...(login.viteMetadata?.importedCss ?? [])];
        return [
          ...files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...css.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

const api = process.env.FLEETDESK_API ?? 'http://localhost:8080';

const cleanId = (id: string) => id.replace(/\?.*$/, '');
const SCHEMAS = '?schemas';

/** Exported constants of a contracts file whose value is (or is built from) a zod schema. */
const schemaExports = new Map<string, Set<string>>();
function schemasOf(file: string): Set<string> {
  let names = schemaExports.get(file);
  if (names) return names;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  names = new Set();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (
        ts.isIdentifier(d.name) &&
        d.initializer &&
        /\bz\s*\.|\.(extend|pick|omit|partial)\(/.test(d.initializer.getText(source))
      ) {
        names.add(d.name.text);
      }
    }
  }
  schemaExports.set(file, names);
  return names;
}

/** Value (not type) names an importer takes from each module specifier. */
const importsCache = new Map<string, Map<string, string[]>>();
function valueImports(importer: string): Map<string, string[]> {
  let imports = importsCache.get(importer);
  if (imports) return imports;
  imports = new Map();
  try {
    const source = ts.createSourceFile(importer, readFileSync(importer, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = clause.namedBindings;
      const names =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : ['*'];
      imports.set(statement.moduleSpecifier.text, names);
    }
  } catch {
    // not a source file of ours: no opinion
  }
  importsCache.set(importer, imports);
  return imports;
}

/**
 * A contracts file mixes constants (paths, client id) with zod schemas. The request layer and the sign-in
 * screen need the constants; forms deeper in the app need the schemas. Left alone, the bundler puts each
 * contracts module into one chunk, and the schemas some form uses (with zod) would be evaluated, and
 * downloaded, on the sign-in screen. So an importer that uses a schema of a contracts file gets its own
 * instance of that file (`?schemas`, and so do the files with schemas that instance imports); every other importer gets
 * the plain instance, from which the pure schemas drop out. Both instances hold the same pure declarations.
 */
function splitContractSchemas(): Plugin {
  return {
    name: 'fleetdesk:split-contract-schemas',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const fromSchemas = importer.endsWith(SCHEMAS);
      const importerFile = cleanId(importer);
      let target: string | null = null;
      if (source.startsWith(contracts)) target = source;
      else if (fromSchemas && source.startsWith('.')) target = path.resolve(path.dirname(importerFile), source);
      if (!target) return null;
      target = target.replace(/\.js$/, '.ts');
      if (!target.endsWith('.ts')) target += '.ts';
      // A file without schemas (a message table, a registry) has one instance only: two would hold two
      // copies of its state, and messages registered into one would be missing from the other.
      if (fromSchemas) return schemasOf(target).size ? target + SCHEMAS : target;
      const spec = [...valueImports(importerFile).entries()].find(
        ([s]) => s === source || s.replace(/^@fleetdesk\/contracts\//, contracts) + '.ts' === target,
      );
      const schemas = schemasOf(target);
      const usesSchema = !!spec && spec[1].some((name) => name === '*' || schemas.has(name));
      return usesSchema ? target + SCHEMAS : null;
    },
  };
}

/**
 * `@rc-component/form`'s index builds its default export by assigning properties (`RefForm.Field = Field`), which
 * a bundler must keep as side effects. antd's config provider and message frame import only its `FormProvider`
 * (for validation messages); with the index marked free of side effects the form engine itself (fields, lists,
 * the store) stays with the screens that have forms instead of joining the signed-in frame.
 */
function sideEffectFree(files: RegExp): Plugin {
  return {
    name: 'fleetdesk:side-effect-free',
    transform(code, id) {
      return files.test(cleanId(id)) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  plugins: [
    splitContractSchemas(),
    pureContracts(),
    sideEffectFree(/node_modules[\\/]@rc-component[\\/]form[\\/]es[\\/]index\.js$/),
    preloadSignIn(),
    react(),
  ],
  // The web app compiles the contracts' TypeScript sources (zod schemas, catalogue, constants) itself.
  resolve: { alias: [{ find: /^@fleetdesk\/contracts\/(.*)$/, replacement: `${contracts}$1.ts` }] },
  // `npm run dev` (and `vite preview`) answer the API from a running server, :8080 unless FLEETDESK_API says.
  server: { port: 5173, proxy: { '/api': api, '/carlife': api } },
  preview: { proxy: { '/api': api, '/carlife': api } },
  build: {
    target: 'es2022',
    sourcemap: false,
    // bench/bundle-size.mjs reads the manifest to know which files each screen loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own long-cached file.
        codeSplitting: {
          groups: [
            // zod serves forms behind the sign-in screen; left to the bundler it joins a chunk the entry loads.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
