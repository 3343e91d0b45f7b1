/**
 * nginx as the baseline: a plain reverse proxy, one worker, HTTP/1.1 keep-alive to the
 * upstream, no access log, the /api prefix stripped as the gateway strips it. Everything it
 * writes (pid, temp files, error log) stays in the bench's temporary folder.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ProcessGroup, Started } from './processes.ts';

/** The configuration text; exported so it can be read in the report. */
export function nginxConfig(options: { dir: string; port: number; upstreamPort: number; runAsRoot: boolean }): string {
  const { dir, port, upstreamPort } = options;
  return `# Written by scripts/bench/nginx.ts
${options.runAsRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream catalog {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location /api/ {
      proxy_pass http://catalog/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`;
}

/** Writes the configuration and starts nginx in the foreground under the process group. */
export async function startNginx(
  group: ProcessGroup,
  options: { nginxPath: string; dir: string; port: number; upstreamPort: number; cwd: string },
): Promise<Started> {
  const dir = join(options.dir, 'nginx');
  mkdirSync(dir, { recursive: true });
  const runAsRoot = process.getuid?.() === 0;
  const confPath = join(dir, 'nginx.conf');
  await Bun.write(confPath, nginxConfig({ dir, port: options.port, upstreamPort: options.upstreamPort, runAsRoot }));
  return group.spawn('nginx', [options.nginxPath, '-p', dir, '-c', confPath, '-e', join(dir, 'nginx-error.log')], {}, options.cwd);
}
