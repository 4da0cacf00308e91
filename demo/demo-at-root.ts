import type { Connect, Plugin } from 'vite';

/** `npm start` and `npm run dev` print the server's root: it answers with the demo, which lives at /demo/. */
export function demoAtRoot(): Plugin {
  const redirect: Connect.NextHandleFunction = (req, res, next) => {
    const url = req.url ?? '';
    if (url !== '/' && !url.startsWith('/?')) return next();
    res.statusCode = 302;
    res.setHeader('Location', `/demo/${url.slice(1)}`);
    res.end();
  };
  return {
    name: 'resumable-upload-demo-at-root',
    configureServer: (server) => void server.middlewares.use(redirect),
    configurePreviewServer: (server) => void server.middlewares.use(redirect),
  };
}
