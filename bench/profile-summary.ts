/** The parts of a DevTools CPU profile (`Profiler.stop`) that a summary needs. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time by function (name and file), the busiest first, idle left out: where the page's main
 * thread spent its time. `top` functions are named; the rest are summed.
 */
export function summarizeProfile(profile: CpuProfile, top = 14): string {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id);
    const micros = profile.timeDeltas[index] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    const file = frame.url ? frame.url.slice(frame.url.lastIndexOf('/') + 1).replace(/-[\w-]{8}\.js$/, '.js') : '';
    const key = `${frame.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + micros);
    busy += micros;
  });
  const sorted = [...self].sort((a, b) => b[1] - a[1]);
  const named = sorted.slice(0, top).map(([key, micros]) => `${key} ${(micros / 1000).toFixed(0)} ms`);
  const rest = sorted.slice(top).reduce((sum, [, micros]) => sum + micros, 0);
  return `busy ${(busy / 1000).toFixed(0)} ms: ${named.join('; ')}; the rest ${(rest / 1000).toFixed(0)} ms`;
}
