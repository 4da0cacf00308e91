import type { CSSResult } from 'lit';

/** Adds rules that load later (with a lazy part) to an element's shadow root, after its own styles. */
export function adoptStyles(root: ShadowRoot, styles: CSSResult): void {
  const sheet = styles.styleSheet;
  if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  else root.append(Object.assign(document.createElement('style'), { textContent: styles.cssText }));
}
