// One place that says which Chromium the test rigs launch and how.
// Playwright cannot download its own browsers here: CI installs Debian's `chromium`.
export const chromiumExecutable = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// The network is loopback only; without these flags Chromium keeps dialling Google's hosts.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
