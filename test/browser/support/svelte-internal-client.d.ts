// Svelte's runtime for compiled components has no published types; frameworks.test.ts only hands
// it to the compiled example.
declare module 'svelte/internal/client';
