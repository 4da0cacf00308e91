// `cem analyze` (part of `npm run build`): custom-elements.json from the element's JSDoc, with
// paths to the published modules in dist/ rather than to the sources.

/** `src/element/x.ts` → `dist/element/x.js` */
const published = (path) => path.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js');

/** Module paths point into dist/; private fields and stray local variables are left out. */
function publishedModules() {
  return {
    name: 'published-modules',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        const exported = new Set((module.exports ?? []).map((entry) => entry.declaration?.name));
        module.path = published(module.path);
        module.declarations = (module.declarations ?? []).filter((declaration) => exported.has(declaration.name));
        for (const declaration of module.declarations) {
          declaration.members = declaration.members?.filter((member) => member.privacy !== 'private' && !member.name.startsWith('#'));
        }
        for (const entry of module.exports ?? []) {
          if (entry.declaration?.module) entry.declaration.module = published(entry.declaration.module);
        }
      }
      // `dist/element.js` registers the tag on import (see src/element/define.ts).
      customElementsManifest.modules.push({
        kind: 'javascript-module',
        path: 'dist/element.js',
        declarations: [],
        exports: [
          {
            kind: 'custom-element-definition',
            name: 'resumable-upload',
            declaration: { name: 'ResumableUploadElement', module: 'dist/element/resumable-upload.js' },
          },
        ],
      });
    },
  };
}

export default {
  globs: ['src/element/resumable-upload.ts'],
  outdir: '.',
  litelement: true,
  // package.json already names the manifest (`customElements`); the build must not rewrite it.
  packagejson: false,
  plugins: [publishedModules()],
};
