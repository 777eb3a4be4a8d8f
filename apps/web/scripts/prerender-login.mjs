#!/usr/bin/env node
// After `vite build`: writes dist/login.html, the page the server sends for /login (docs/web.md, "The sign-in
// page is prerendered"). src/prerender/login.tsx is built for Node (Vite's SSR build, the same plugins as the
// browser's build), rendered in both languages, and put into a copy of dist/index.html with the styles the
// screen needs inline and the small script that picks the language before the first paint.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

process.env.NODE_ENV = 'production';
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
// Inside the repository's node_modules, so that the built module finds React & co. as the app does.
const cacheDir = path.join(web, '../../node_modules/.cache');
mkdirSync(cacheDir, { recursive: true });
const out = mkdtempSync(path.join(cacheDir, 'fleetdesk-prerender-'));

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

try {
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/login.tsx',
      outDir: out,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      minify: false,
      // Its plugin-timing report is about the build of a throwaway module: not worth a line in every build.
      rolldownOptions: { checks: { pluginTimings: false } },
    },
  });
  const { prerenderLoginAll, INLINE_SCRIPT } = await import(pathToFileURL(path.join(out, 'login.js')).href);
  const [zh, en] = await prerenderLoginAll();
  if (zh.lang !== 'zh-CN' || en.lang !== 'en-US') throw new Error('prerender: expected zh-CN, then en-US');
  // React puts the resources it hoists (the preload of the logo) before the markup when it renders no <head>:
  // they go to the page's head, once, where the browser sees them first and hydration does not meet them.
  const hoisted = new Set();
  for (const page of [zh, en]) {
    page.html = page.html.replace(/^(?:<link [^>]*\/>)+/, (links) => {
      for (const [link] of links.matchAll(/<link [^>]*\/>/g)) hoisted.add(link);
      return '';
    });
    if (!page.html.startsWith('<!--$-->')) throw new Error(`prerender ${page.lang}: unexpected start`);
    if (!page.html.includes('name="username"')) throw new Error(`prerender ${page.lang}: no sign-in form`);
  }

  let html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!html.includes('<div id="root"></div>')) throw new Error('dist/index.html: no empty root');
  // The styles of the first paint inline (the entry's and the sign-in screen's: about 3 KB gzip) instead of two
  // more requests before anything shows. The sign-in chunk still asks for its style file when it loads (Vite's
  // loader), so that file stays preloaded.
  const styles = [];
  html = html.replace(/\s*<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_m, file) => {
    styles.push(readFileSync(path.join(dist, file), 'utf8'));
    return '';
  });
  for (const [, file] of html.matchAll(/<link rel="preload" as="style" crossorigin href="\/(assets\/[^"]+\.css)">/g)) {
    styles.push(readFileSync(path.join(dist, file), 'utf8'));
  }
  if (styles.length < 2)
    throw new Error(`dist/index.html: expected the entry's and the sign-in styles, found ${styles.length}`);
  const head = [...hoisted, `<style>${styles.join('\n')}</style>`].map((tag) => `    ${tag}\n`).join('');
  html = html.replace('</head>', `${head}  </head>`);
  html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(zh.title)}</title>`);
  html = html.replace(
    '<div id="root"></div>',
    `<div id="root">${zh.html}</div>\n    <template id="fd-prerender-en-US" data-title="${escapeAttr(en.title)}">${en.html}</template>\n` +
      `    <script>${INLINE_SCRIPT}</script>`,
  );
  writeFileSync(path.join(dist, 'login.html'), html);
  console.log(`prerendered /login (zh-CN, en-US): dist/login.html, ${(html.length / 1024).toFixed(1)} KB`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
