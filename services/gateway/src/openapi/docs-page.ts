import { dirname, join } from 'node:path';

/**
 * /docs is Swagger UI served from the pinned `swagger-ui-dist` package through the gateway,
 * not from a CDN: it works offline and behind strict egress, the browser loads no third-party
 * script (so no CDN outage or supply-chain swap reaches our users), and the UI version moves
 * only when package.json does. The cost is one zero-dependency package and three static files.
 */
const distDir = dirname(Bun.resolveSync('swagger-ui-dist/package.json', import.meta.dir));

/** The static files /docs/assets/:file may serve (nothing else from the package is reachable). */
export const DOCS_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** The file behind an asset name, or undefined for a name that is not served. */
export function docsAsset(name: string): { path: string; type: string } | undefined {
  const type = DOCS_ASSETS[name];
  return type === undefined ? undefined : { path: join(distDir, name), type };
}

/** Starts Swagger UI on /openapi.json; a separate file so the page needs no inline script. */
export const DOCS_INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    displayRequestDuration: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

/** The /docs page. */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Talent Marketplace API</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
    <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
  </head>
  <body>
    <noscript>This page needs JavaScript. The API description itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
    <div id="swagger-ui"></div>
    <script src="/docs/assets/swagger-ui-bundle.js" charset="utf-8"></script>
    <script src="/docs/assets/docs-init.js" charset="utf-8"></script>
  </body>
</html>
`;
