// The end-to-end flows of e2e/flows/, written once and run by Playwright in Chromium and Firefox, here
// in WebKit over classic WebDriver (webdriver-driver.ts), each in a browser of its own.
import path from 'node:path';
import { afterEach, beforeEach, describe, inject, it } from 'vitest';
import type { Flow } from '../../e2e/support/driver.ts';
import { backgroundFlows } from '../../e2e/flows/background.ts';
import { cameraFlows } from '../../e2e/flows/camera.ts';
import { demoFlows } from '../../e2e/flows/demo.ts';
import { elementFlows } from '../../e2e/flows/element.ts';
import { editorFlows } from '../../e2e/flows/editor.ts';
import { elementRecoveryFlows } from '../../e2e/flows/element-recovery.ts';
import { metadataFlows } from '../../e2e/flows/metadata.ts';
import { thumbnailFlows } from '../../e2e/flows/thumbnails.ts';
import { freshBrowser } from './fresh-browser.ts';
import { webDriverDriver } from './webdriver-driver.ts';

/**
 * The flows that cannot apply to WebKit here, by name, with the reason: listed, never skipped
 * unseen. A name that matches no flow fails the run (below), so the list cannot go stale.
 *
 * Not flows of e2e/flows/ at all, Playwright's alone: e2e/background.spec.ts's flows tagged
 * `@background-fetch` (a hand-off needs Background Fetch, Chromium's alone; what WebKit does instead
 * is the fallback flow, run here), e2e/recovery.spec.ts (its WebKit flows are recovery.test.ts), and
 * e2e/element-list-code.spec.ts (it answers the page's requests itself, which classic WebDriver cannot).
 */
const notInWebKit: Record<string, string> = {
  'dark and forced colours: screenshots, the bars and the button still drawn, without axe violations': 'no media emulation over classic WebDriver',
  'screenshots at a 390 px phone width: one line per figure, a long name one text cut at its end':
    "MiniBrowser's window gets no narrower than its toolbar: a viewport of 447 px at least",
  'screenshots at 390 px of rows of every kind, and in forced colours the type icons in the text colour':
    "no media emulation over classic WebDriver, and MiniBrowser's window gets no narrower than 447 px",
  'a folder chosen in the form: Send is refused while files upload, then sends each file id': 'classic WebDriver gives files, not a folder, to a file input',
  'the image editor at 390 px: screenshot, no axe violations, Escape cancels and gives the focus back': "MiniBrowser's window gets no narrower than its toolbar: a viewport of 447 px at least",
  'the camera: a photo and a video taken arrive at the server; the panel at 1280 and 390 px wide':
    "MiniBrowser has no capture device, real or fake (its fallback is the next flow), and its window gets no narrower than 447 px",
  'a metadata edit at 390 px: the form fits a phone, and Escape closes it without keeping what was typed':
    "MiniBrowser's window gets no narrower than its toolbar: a viewport of 447 px at least",
};

const suites: Record<string, readonly Flow[]> = {
  demo: demoFlows,
  element: elementFlows,
  'element recovery': elementRecoveryFlows,
  thumbnails: thumbnailFlows,
  editor: editorFlows,
  metadata: metadataFlows,
  background: backgroundFlows,
  camera: cameraFlows,
};

/** A flow's screenshots folder, under test-results/e2e-webkit/: its suite and name, as Playwright names its flows' folders. */
const folder = (suite: string, name: string) =>
  `${suite} ${name}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-|-$/g, '');

const base = inject('baseURL');
let browser: WebdriverIO.Browser | undefined;

beforeEach(async () => {
  browser = await freshBrowser(base);
});

afterEach(async () => {
  await browser?.deleteSession();
  browser = undefined;
});

for (const [suite, flows] of Object.entries(suites)) {
  describe(suite, () => {
    for (const { name, run } of flows) {
      if (name in notInWebKit) continue;
      it(name, () => run(webDriverDriver(browser!, base, path.join('test-results', 'e2e-webkit', folder(suite, name)))));
    }
  });
}

it('every flow left out of WebKit is listed with its reason, and each listed name is a flow', ({ expect }) => {
  const names = new Set(Object.values(suites).flatMap((flows) => flows.map((flow) => flow.name)));
  expect(Object.keys(notInWebKit).filter((name) => !names.has(name))).toEqual([]);
});
