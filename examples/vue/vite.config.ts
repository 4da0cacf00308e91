// An application's Vite config with @vitejs/plugin-vue: <resumable-upload> is a custom element,
// not a Vue component to resolve.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'resumable-upload' } } })],
});
