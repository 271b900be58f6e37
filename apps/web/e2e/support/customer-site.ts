import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CustomerSite {
  origin: string;
  close: () => Promise<void>;
}

/**
 * A customer's page that only embeds the snippet, served by its own tiny server: another port is
 * another origin than the console's, as a customer's site would be.
 */
export async function serveCustomerPage(snippet: string, page: { title: string; head?: string }): Promise<CustomerSite> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title>${page.head ?? ''}</head>
<body><main><h1>${page.title}</h1></main>${snippet}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
