// The package build (`npm run build`): ESM modules as they are in src/ (so applications tree-shake
// what they do not use), dependencies left as imports, source maps. Declarations come from
// `tsc -p tsconfig.build.json`; the demo and the tests use vite.config.ts.
import { readdirSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import packageJson from './package.json' with { type: 'json' };

// Peer dependencies too (React and Vue, for `useUploads`): the application brings its own.
const dependencies = [...Object.keys(packageJson.dependencies), ...Object.keys(packageJson.peerDependencies)];
const isDependency = (id: string) => dependencies.some((name) => id === name || id.startsWith(`${name}/`));

/** Entry name (its path in dist/, no extension) → source. */
export const entries = {
  main: 'src/main.ts',
  index: 'src/index.ts',
  element: 'src/element.ts',
  queue: 'src/queue.ts',
  // `useUploads` and the element's types in React 19's JSX.
  react: 'src/react.ts',
  // A queue's snapshot as a Vue ref (`useUploads`) and as a Svelte store (`uploadsStore`).
  vue: 'src/vue.ts',
  svelte: 'src/svelte.ts',
  'service-worker': 'src/service-worker.ts',
  // Each translation is an entry of its own (`resumable-upload/locales/de`), never in the main bundle.
  ...Object.fromEntries(
    readdirSync(new URL('src/element/locales/', import.meta.url))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => [`element/locales/${file.slice(0, -3)}`, `src/element/locales/${file}`]),
  ),
};

/**
 * Vite points at the worker with `new URL(new URL('digest-worker.js', import.meta.url).href, '' + import.meta.url)`.
 * Writes it back as `new Worker(new URL('./digest-worker.js', import.meta.url))`, the form that
 * application bundlers (Vite, webpack, Parcel, esbuild) recognise and bundle as a worker.
 */
function plainWorkerUrl(): Plugin {
  const builtUrl = String.raw`new URL\(\s*/\* @vite-ignore \*/\s*new URL\("([^"]+)", import\.meta\.url\)\.href,\s*"" \+ import\.meta\.url\s*\)`;
  return {
    name: 'plain-worker-url',
    renderChunk(code, _chunk, _options, meta) {
      if (!new RegExp(builtUrl).test(code) || !meta.magicString) return null;
      return meta.magicString.replaceAll(new RegExp(builtUrl, 'g'), 'new URL("./$1", import.meta.url)');
    },
  };
}

export default defineConfig({
  plugins: [plainWorkerUrl()],
  publicDir: false,
  // Asset URLs relative to the module that uses them (the worker's), not to a site's root.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Applications minify; readable modules are easier to debug and cost them nothing.
    minify: false,
    target: 'es2022',
    lib: { entry: entries, formats: ['es'] },
    rolldownOptions: {
      external: isDependency,
      // Lets plugins edit the output and keep the source maps right (`plainWorkerUrl`).
      experimental: { nativeMagicString: true },
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
  // The checksum worker is started with `{ type: 'module' }`. It is bundled whole (with @noble/hashes)
  // beside the module that starts it, so it runs even where no bundler looks into workers.
  worker: {
    format: 'es',
    rolldownOptions: { output: { entryFileNames: 'integrity/[name].js' } },
  },
});
