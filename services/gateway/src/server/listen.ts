import type { Logger } from '@tm/shared';
import type { ListenOptions } from '@tm/shared/process';
import { listenOrExit } from '@tm/shared/process';
import type { AnyElysia } from 'elysia';
import type { HttpServerKind } from '../config.ts';
import { type NodeHttpServer, serveWithNodeHttp } from './node-http.ts';

/** What main.ts needs of a started gateway, whichever server carries it. */
export interface ListeningGateway {
  port: number;
  stop(): Promise<void>;
}

/**
 * Serves the Elysia app with Bun.serve (`bun`, the default) or through node:http (`node`, which
 * answers pipelined HTTP/1.1 requests; docs/data-layer.md). For `node` the adapter is installed
 * as the app's server, so `server.requestIP(request)` in the policy reads the socket address as
 * it does under Bun.serve. A port in use is one log line and exit 1 for both.
 */
export async function listenGateway(
  app: AnyElysia,
  kind: HttpServerKind,
  options: ListenOptions,
  logger: Logger,
  exit: (code: number) => never = process.exit,
): Promise<ListeningGateway> {
  if (kind === 'bun') {
    const listening = listenOrExit(app, options, logger, exit);
    return {
      port: listening.server?.port ?? options.port,
      stop: async () => {
        await listening.stop();
      },
    };
  }
  let server: NodeHttpServer;
  try {
    server = await serveWithNodeHttp((request) => app.handle(request), options);
  } catch (err) {
    logger.error('cannot listen', { host: options.hostname, port: options.port, error: (err as Error)?.message ?? String(err) });
    return exit(1);
  }
  installServer(app, server);
  return { port: server.port, stop: () => server.stop() };
}

/**
 * Elysia hands `app.server` to handlers as `server`; the policy only calls `requestIP` on it, which
 * the adapter answers from the socket each request arrived on.
 */
export function installServer(app: AnyElysia, server: NodeHttpServer): void {
  (app as unknown as { server: NodeHttpServer }).server = server;
}
