// A local ESLint rule for the architecture of DESIGN.md section 3, by file paths (no resolver needed):
// core/ never imports modules/; a server module reaches another only through its *.service.ts; a web feature
// never imports another; web components/ and lib/ never import features/ or app/ (lib/ not components/ either).
import path from 'node:path';

const SERVER = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const WEB = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

function area(file) {
  for (const [root, kind] of [
    [SERVER, 'server'],
    [WEB, 'web'],
  ]) {
    const i = file.indexOf(root);
    if (i < 0) continue;
    const parts = file.slice(i + root.length).split(path.sep);
    return {
      kind,
      top: parts[0],
      unit: parts[0] === 'modules' || parts[0] === 'features' ? parts[1] : undefined,
      rest: parts,
    };
  }
  return null;
}

function violation(from, to) {
  if (!from || !to || from.kind !== to.kind) return null;
  if (from.kind === 'server') {
    if (from.top === 'core' && to.top === 'modules') return 'core/ must not import modules/';
    // modules/index.ts composes the modules' routes; it belongs to none.
    const composer = from.top === 'modules' && from.rest.length === 2;
    if (
      from.top === 'modules' &&
      to.top === 'modules' &&
      !composer &&
      from.unit !== to.unit &&
      !/\.service\.(js|ts)$/.test(to.rest.at(-1))
    ) {
      return `a module reaches module "${to.unit}" only through its *.service.ts`;
    }
    return null;
  }
  if (from.top === 'features' && to.top === 'features' && from.unit !== to.unit) {
    return `features never import each other ("${to.unit}"); move shared code to components/ or lib/`;
  }
  if (from.top === 'components' && (to.top === 'features' || to.top === 'app'))
    return 'components/ are shared: no feature or app imports';
  if (from.top === 'lib' && ['features', 'app', 'components'].includes(to.top)) return 'lib/ is the bottom layer';
  return null;
}

export const boundaries = {
  meta: { type: 'problem', docs: { description: 'architecture boundaries of DESIGN.md section 3' }, schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = violation(area(file), area(path.resolve(path.dirname(file), source)));
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries } };
