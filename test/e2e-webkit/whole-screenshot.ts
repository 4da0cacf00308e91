// MiniBrowser's screenshots of a whole page or a whole element, however tall, over classic WebDriver.
// WebKitGTK's WebDriver (2.50) draws a screenshot from the view on screen: the viewport and no more,
// and its element screenshot came out black below (viewport height − 2 × the element's top) px, all
// black in a tall window. Its viewport screenshot is whole at any window height (8,000 px tried), so a
// picture here is a viewport screenshot cut to the element's box; what does not fit in the viewport
// is taken in a window grown to hold it (not in slices: a sticky bar would be drawn in each), which is
// then put back to its size, and the page to its scroll.
import { PNG, type Image } from 'pngjs';

/**
 * Where the element (or, for null, the whole page) is, in the viewport's CSS px, once the page has
 * scrolled to `top` (when given) and two frames are painted. Runs in the page.
 */
async function measure(element: Element | null, top: number | null) {
  if (top !== null) window.scrollTo(window.scrollX, top);
  await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
  const page = document.documentElement;
  const box = element ? element.getBoundingClientRect() : { top: -window.scrollY, left: -window.scrollX, width: innerWidth, height: page.scrollHeight };
  return { top: box.top, left: box.left, width: box.width, height: box.height, innerWidth, innerHeight, scrollY: window.scrollY };
}

type Box = Awaited<ReturnType<typeof measure>>;

/**
 * A PNG of the whole of `element` (a WebDriver element reference), or of the whole page when it is
 * null, in device pixels, as Playwright's element and full-page screenshots are.
 */
export async function wholeScreenshot(browser: WebdriverIO.Browser, element: object | null): Promise<Buffer> {
  const at = (top: number | null) => browser.executeScript(`return (${measure}).apply(null, arguments)`, [element, top] as object[]) as Promise<Box>;
  const start = await at(null);
  const fits = (box: Box) => box.height <= box.innerHeight && box.left >= 0 && box.left + box.width <= box.innerWidth;
  const size = fits(start) ? undefined : await browser.getWindowRect();
  try {
    // Grown by what the viewport lacks (the page may lay out anew in the taller window: measured again).
    for (let box = start, tries = 0; size && !fits(box) && tries < 3; tries++) {
      const { height } = await browser.getWindowRect();
      await browser.setWindowSize(size.width, height + Math.ceil(box.height - box.innerHeight));
      box = await at(null);
    }
    let box = await at(null);
    if (box.top < 0 || box.top + box.height > box.innerHeight) box = await at(box.scrollY + box.top);
    if (!fits(box)) throw new Error(`A ${box.width} × ${box.height} px box does not fit in MiniBrowser's ${box.innerWidth} × ${box.innerHeight} px viewport`);
    // A window just grown may be drawn at its old size a moment longer (a busy machine): taken again
    // until the picture is the viewport measured, a bounded number of times.
    for (let tries = 1; ; tries++) {
      const viewport = PNG.sync.read(Buffer.from(await browser.takeScreenshot(), 'base64'));
      if (viewport.height === Math.round(box.innerHeight * (viewport.width / box.innerWidth)) || tries === 10) return PNG.sync.write(cut(viewport, box));
      box = await at(null);
    }
  } finally {
    if (size) await browser.setWindowSize(size.width, size.height);
    await at(start.scrollY);
  }
}

/** The element's box out of a viewport screenshot (device pixels: the screenshot's scale to the viewport's CSS px). */
function cut(viewport: Image, box: Box): Image {
  const scale = viewport.width / box.innerWidth;
  if (viewport.height !== Math.round(box.innerHeight * scale)) {
    throw new Error(`The screenshot is ${viewport.width} × ${viewport.height} px, not the ${box.innerWidth} × ${box.innerHeight} px viewport: taken before the window's new size was painted`);
  }
  const [left, top] = [Math.round(box.left * scale), Math.round(box.top * scale)];
  const width = Math.min(Math.round(box.width * scale), viewport.width - left);
  const height = Math.min(Math.round(box.height * scale), viewport.height - top);
  const picture = new PNG({ width, height });
  PNG.bitblt(viewport, picture, left, top, width, height, 0, 0);
  return picture;
}
