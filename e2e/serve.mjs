#!/usr/bin/env node
// A tiny, dependency-free static file server for the built site (../dist by default).
//
//   node serve.mjs [--port 8091] [--host 127.0.0.1] [--root ../dist] [--prefix /icnplay/] [--gzip]
//
// --gzip sends every file gzip'd (level 9, as a static host serving precompressed files
// would) to a client that accepts it: the browser benchmarks' first render over a slow link.
// --prefix serves the site under a sub-path (as on a project page), to check that a build made
// with `trunk build --public-url /icnplay/` works there; requests outside the prefix get 404,
// and a request for the bare prefix without its trailing slash is redirected to it.
// Environment variables PORT, HOST, ROOT and PREFIX are used when the flag is absent.
// Directory paths serve their index.html; unknown paths get 404 (no SPA fallback: the app keeps
// its state in the query string, so every page is index.html). Path traversal is refused.
import { createServer } from 'node:http';
import { createReadStream, readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    root: { type: 'string' },
    prefix: { type: 'string' },
    gzip: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('usage: node serve.mjs [--port N] [--host ADDR] [--root DIR] [--prefix /sub/path/] [--gzip]');
  process.exit(0);
}

const port = Number(args.port ?? process.env.PORT ?? 8091);
const host = args.host ?? process.env.HOST ?? '127.0.0.1';
const root = path.resolve(here, args.root ?? process.env.ROOT ?? '../dist');
const prefix = normalizePrefix(args.prefix ?? process.env.PREFIX ?? '/');

if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`serve.mjs: bad port ${JSON.stringify(args.port ?? process.env.PORT)}`);
  process.exit(2);
}

if (!existsSync(path.join(root, 'index.html'))) {
  console.error(`serve.mjs: ${root}/index.html not found: build the site first (make dist)`);
  process.exit(1);
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** "/", "/icnplay", "icnplay/" -> "/", "/icnplay/", "/icnplay/" */
function normalizePrefix(p) {
  const trimmed = p.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

/**
 * Maps a request path to a file under `root`: `{ file }`, or `{ status }` when it is not ours to
 * serve (400 undecodable, 403 traversal attempt, 404 outside the prefix).
 */
function resolveFile(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { status: 400 };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { status: 403 };
  // Refuse any ".." segment outright (also when percent-encoded), then double-check that the
  // resolved path stays under root.
  if (decoded.split('/').some((seg) => seg === '..')) return { status: 403 };
  if (!decoded.startsWith(prefix)) return { status: 404 };
  const file = path.resolve(root, `./${decoded.slice(prefix.length)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return { status: 403 };
  return { file };
}

/** Each file's gzip'd bytes, made once per modification time. */
const gzipCache = new Map();
function gzipped(file, mtime) {
  const hit = gzipCache.get(file);
  if (hit && hit.mtime === mtime) return hit.body;
  const body = gzipSync(readFileSync(file), { level: 9 });
  gzipCache.set(file, { mtime, body });
  return body;
}

const server = createServer(async (req, res) => {
  const started = Date.now();
  res.on('finish', () => {
    if (process.env.SERVE_LOG) {
      console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`);
    }
  });

  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'method not allowed\n', { allow: 'GET, HEAD' });
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (prefix !== '/' && url.pathname === prefix.slice(0, -1)) {
    res.writeHead(301, { location: prefix + url.search });
    res.end();
    return;
  }
  const resolved = resolveFile(url.pathname);
  if (resolved.file === undefined) {
    send(res, resolved.status, resolved.status === 404 ? 'not found\n' : 'refused\n');
    return;
  }
  let file = resolved.file;
  try {
    let info = await stat(file);
    if (info.isDirectory()) {
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, { location: `${url.pathname}/${url.search}` });
        res.end();
        return;
      }
      file = path.join(file, 'index.html');
      info = await stat(file);
    }
    if (!info.isFile()) throw new Error('not a file');
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    if (args.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const body = gzipped(file, info.mtimeMs);
      res.writeHead(200, {
        'content-type': type,
        'content-encoding': 'gzip',
        'content-length': body.length,
        'cache-control': 'no-store',
        vary: 'accept-encoding',
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, {
      'content-type': type,
      'content-length': info.size,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  } catch {
    send(res, 404, 'not found\n');
  }
});

server.on('error', (err) => {
  console.error(`serve.mjs: ${err.message}`);
  process.exit(1);
});

server.listen(port, host, () => {
  console.log(`serving ${root} at http://${host}:${port}${prefix}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
