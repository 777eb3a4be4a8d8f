#!/usr/bin/env node
// After `vite build`: writes .gz and .br beside every text asset of the given folder, so that the server
// sends them pre-compressed (@fastify/static preCompressed) without spending CPU per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
let files = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (TEXT.test(name) && statSync(full).size > 1024) {
      const body = readFileSync(full);
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files++;
    }
  }
};
walk(root);
console.log(`pre-compressed ${files} files in ${root}`);
