/**
 * Step 1 prototype (issue 25): the least an upstream client over Bun.connect has to do for the
 * bench's GET, to learn what it costs against fetch before writing a real one. HTTP/1.1,
 * keep-alive pool per origin, head written as one string, Content-Length bodies only.
 */
import type { Socket } from 'bun';

interface Exchange {
  resolve: (r: Response) => void;
  reject: (e: unknown) => void;
  pending: Buffer | undefined;
  status: number;
  headers: [string, string][] | undefined;
  body: Uint8Array | undefined;
  filled: number;
}

interface Conn {
  socket: Socket<Conn> | undefined;
  pool: Conn[];
  ex: Exchange | undefined;
  reusable: boolean;
}

const CRLFCRLF = Buffer.from('\r\n\r\n');
const pools = new Map<string, Conn[]>();

function finish(conn: Conn, ex: Exchange) {
  conn.ex = undefined;
  ex.resolve(new Response(ex.body as Uint8Array<ArrayBuffer> | undefined, { status: ex.status, headers: ex.headers }));
  if (conn.reusable) conn.pool.push(conn);
  else conn.socket?.end();
}

function onData(conn: Conn, chunk: Buffer) {
  const ex = conn.ex;
  if (!ex) {
    conn.socket?.end();
    return;
  }
  if (ex.headers === undefined) {
    const buf = ex.pending ? Buffer.concat([ex.pending, chunk]) : chunk;
    const end = buf.indexOf(CRLFCRLF);
    if (end < 0) {
      ex.pending = buf;
      return;
    }
    const head = buf.toString('latin1', 0, end);
    const first = head.indexOf('\r\n');
    ex.status = Number(head.slice(9, 12));
    const headers: [string, string][] = [];
    let length = -1;
    let at = first + 2;
    while (at > 1 && at < head.length) {
      let next = head.indexOf('\r\n', at);
      if (next < 0) next = head.length;
      const colon = head.indexOf(':', at);
      const name = head.slice(at, colon);
      const value = head.slice(colon + 1, next).trim();
      headers.push([name, value]);
      if (name.length === 14 && name.toLowerCase() === 'content-length') length = Number(value);
      else if (name.length === 10 && name.toLowerCase() === 'connection' && value.toLowerCase() === 'close') conn.reusable = false;
      at = next + 2;
    }
    ex.headers = headers;
    if (length < 0) throw new Error('prototype: Content-Length only');
    const start = end + 4;
    const have = buf.length - start;
    if (have >= length) {
      ex.body = buf.subarray(start, start + length);
      finish(conn, ex);
      return;
    }
    ex.body = new Uint8Array(length);
    ex.body.set(buf.subarray(start));
    ex.filled = have;
    return;
  }
  const body = ex.body as Uint8Array;
  body.set(chunk.subarray(0, body.length - ex.filled), ex.filled);
  ex.filled += chunk.length;
  if (ex.filled >= body.length) finish(conn, ex);
}

const handlers = {
  data: (socket: Socket<Conn>, chunk: Buffer) => onData(socket.data, chunk),
  close: (socket: Socket<Conn>) => {
    const conn = socket.data;
    conn.reusable = false;
    const i = conn.pool.indexOf(conn);
    if (i >= 0) conn.pool.splice(i, 1);
    conn.ex?.reject(new Error('closed'));
    conn.ex = undefined;
  },
  error: (socket: Socket<Conn>, err: Error) => {
    socket.data.ex?.reject(err);
    socket.data.ex = undefined;
  },
};

export function pooledFetch(input: string, init: RequestInit & { headers: Headers }): Promise<Response> {
  // http://host:port/path, no URL object.
  const slash = input.indexOf('/', 7);
  const origin = input.slice(7, slash);
  let pool = pools.get(origin);
  if (!pool) {
    pool = [];
    pools.set(origin, pool);
  }
  let head = `${init.method ?? 'GET'} ${input.slice(slash)} HTTP/1.1\r\nhost: ${origin}\r\n`;
  init.headers.forEach((value, name) => {
    if (name !== 'host' && name !== 'connection') head += `${name}: ${value}\r\n`;
  });
  head += '\r\n';
  return new Promise<Response>((resolve, reject) => {
    const ex: Exchange = { resolve, reject, pending: undefined, status: 0, headers: undefined, body: undefined, filled: 0 };
    const idle = pool.pop();
    if (idle?.socket) {
      idle.ex = ex;
      idle.socket.write(head);
      return;
    }
    const conn: Conn = { socket: undefined, pool: pool, ex, reusable: true };
    const colon = origin.lastIndexOf(':');
    Bun.connect<Conn>({ hostname: origin.slice(0, colon), port: Number(origin.slice(colon + 1)), data: conn, socket: handlers }).then((socket) => {
      conn.socket = socket;
      socket.write(head);
    }, reject);
  });
}
