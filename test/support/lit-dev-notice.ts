// Browser tests run Lit's development build for its checks (a reactive property shadowed by a class
// field, an update requested during an update, …), whose warnings stay. Only its notice that it is
// the development build, once per test file and engine, goes: Lit skips a warning whose code is in
// this set (https://lit.dev/msg/dev-mode).
const lit = globalThis as { litIssuedWarnings?: Set<string> };
(lit.litIssuedWarnings ??= new Set()).add('dev-mode');
