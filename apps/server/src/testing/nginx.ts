import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_ROOT } from '../platform/paths';

/** The front door of docs/DEPLOY.md, as a template: `deploy/nginx.conf` in the repository. */
export const NGINX_TEMPLATE = resolve(SERVER_ROOT, '..', '..', 'deploy', 'nginx.conf');

/** Whether nginx is installed; if not and apt-get is there (Debian), installs it. */
export function ensureNginx(): void {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return;
  } catch {
    // Installed below when the machine can.
  }
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 180_000,
    });
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error('nginx is not installed and could not be installed: apt-get install -y nginx-light');
  }
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
  /** nginx's error log so far. */
  errors(): string;
}

/**
 * Runs nginx in the foreground with the repository's configuration, its upstreams and port filled
 * in, everything it writes (pid, logs, temp files) in a directory of its own, so it needs no root.
 * Without `tls` it listens in plain HTTP/1.1; with it, as the configuration does (TLS and HTTP/2),
 * with a self-signed certificate made for the run.
 */
export async function startNginx(options: {
  port: number;
  upstreams: readonly string[];
  tls?: boolean;
}): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'td-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const servers = options.upstreams
    .map((address) => `  server ${address} max_fails=1 fail_timeout=5s;\n`)
    .join('');
  const template = readFileSync(NGINX_TEMPLATE, 'utf8').replace(
    /(^ {2}server 10\.0\.0\.\d+:3000[^\n]*\n)+/gm,
    servers,
  );
  let config: string;
  if (options.tls) {
    const certificate = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        certificate,
      ],
      { stdio: 'ignore' },
    );
    config = template
      .replace(/^\s*listen 443 ssl http2;$/m, `  listen 127.0.0.1:${options.port} ssl http2;`)
      .replace(/^(\s*ssl_certificate) [^\n]*$/m, `$1 ${certificate};`)
      .replace(/^(\s*ssl_certificate_key) [^\n]*$/m, `$1 ${key};`);
  } else {
    // On a local port without TLS.
    config = template
      .replace(/^\s*listen 443 ssl http2;$/m, `  listen 127.0.0.1:${options.port};`)
      .replace(/^\s*ssl_[^\n]*\n/gm, '');
  }
  const wrapped = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${config}
}
`;
  writeFileSync(join(dir, 'nginx.conf'), wrapped);
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const errors = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${options.port}`,
    errors,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
