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

/** Where the element's properties are listed (`static properties` reads them from there). */
const PROPERTIES = 'src/element/properties.ts';

/**
 * The element's attributes from its property list: `cem --litelement` reads them from decorators or
 * a `static properties` literal only. Each attribute takes its field's type, default and description.
 */
function propertyList() {
  /** Each listed property and its options' object literal. */
  const listed = [];
  return {
    name: 'property-list',
    analyzePhase({ ts, node, moduleDoc }) {
      if (moduleDoc.path !== PROPERTIES || !ts.isVariableDeclaration(node) || node.name.getText() !== 'elementProperties') return;
      let table = node.initializer;
      while (ts.isSatisfiesExpression(table) || ts.isAsExpression(table)) table = table.expression;
      for (const entry of table.properties) listed.push({ name: entry.name.getText(), options: entry.initializer });
    },
    packageLinkPhase({ customElementsManifest }) {
      const element = customElementsManifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === 'resumable-upload');
      if (listed.length === 0) throw new Error(`${PROPERTIES}: no \`elementProperties\` read`);
      const option = (options, key) => options.properties.find((property) => property.name.getText() === key)?.initializer.getText();
      for (const { name, options } of listed) {
        const field = element.members.find((member) => member.kind === 'field' && member.name === name);
        if (!field) throw new Error(`${PROPERTIES} lists \`${name}\`, which the element has no field for`);
        const attribute = option(options, 'attribute');
        if (attribute === 'false') continue;
        // Lit's default attribute is the property's name in lower case.
        field.attribute = attribute === undefined ? name.toLowerCase() : JSON.parse(attribute.replaceAll("'", '"'));
        if (option(options, 'reflect') === 'true') field.reflects = true;
        const { kind, static: _static, privacy, reflects, attribute: _attribute, ...described } = field;
        element.attributes = [...(element.attributes ?? []), { ...described, name: field.attribute, fieldName: name }];
      }
      // The list is the element's, not an export of the package's own.
      customElementsManifest.modules = customElementsManifest.modules.filter((module) => module.path !== PROPERTIES);
    },
  };
}

export default {
  globs: ['src/element/resumable-upload.ts', PROPERTIES],
  outdir: '.',
  litelement: true,
  // package.json already names the manifest (`customElements`); the build must not rewrite it.
  packagejson: false,
  plugins: [propertyList(), publishedModules()],
};
