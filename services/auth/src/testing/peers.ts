/**
 * Real local peers for the provider contracts (DESIGN.md "Provider contracts"), bound to
 * 127.0.0.1 on random ports: an SMS webhook receiver, a widget verifier, an identity provider
 * (JWKS + RS256 ID tokens minted with jose) and an SMTP server. Tests only.
 */
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { SMTPServer } from 'smtp-server';

/** Polls `probe` until it returns a value, at most `tries` times, without fixed sleeps. */
export async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not met in time');
}

/** Receives SMS webhooks; `failWith` makes it answer that status instead of 204. */
export function startSmsReceiver() {
  const messages: { to: string; text: string }[] = [];
  const state = { failWith: 0 };
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const body = (await req.json()) as { to: string; text: string };
      if (state.failWith) return new Response('no', { status: state.failWith });
      messages.push(body);
      return new Response(null, { status: 204 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/sms`,
    messages,
    state,
    /** The 6-digit code in the latest SMS to `to`. */
    codeFor(to: string): string {
      const last = messages.filter((m) => m.to === to).at(-1);
      const code = last?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no SMS to ${to}`);
      return code;
    },
    stop: () => server.stop(true),
  };
}

/** A widget verifier: known tokens answer success with their number; `mode` simulates failures. */
export function startWidgetVerifier(authKey: string) {
  const tokens = new Map<string, string>();
  const calls: Record<string, unknown>[] = [];
  const state: { mode: 'normal' | 'error' | 'hang' } = { mode: 'normal' };
  const hanging: (() => void)[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const body = (await req.json()) as Record<string, unknown>;
      calls.push(body);
      if (state.mode === 'error') return Response.json({ type: 'error', message: 'internal' }, { status: 502 });
      if (state.mode === 'hang') return new Promise<Response>((resolve) => hanging.push(() => resolve(new Response('late'))));
      const number = tokens.get(String(body['access-token']));
      if (body.authkey !== authKey || !number) return Response.json({ type: 'error', message: 'invalid token' });
      return Response.json({ type: 'success', message: number });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/verify`,
    tokens,
    calls,
    state,
    stop() {
      for (const release of hanging.splice(0)) release();
      server.stop(true);
    },
  };
}

/** An identity provider: serves a JWKS and mints RS256 ID tokens; keys can be rotated in. */
export async function startIdp(options: { issuer: string; audience: string }) {
  type Key = { kid: string; privateKey: CryptoKey; publicJwk: JWK };
  const makeKey = async (kid: string): Promise<Key> => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    return { kid, privateKey: privateKey as CryptoKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
  };
  const published: Key[] = [await makeKey('idp-key-1')];
  let jwksFetches = 0;
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch() {
      jwksFetches++;
      return Response.json({ keys: published.map((k) => k.publicJwk) });
    },
  });
  const first = published[0] as Key;
  return {
    jwksUrl: `http://127.0.0.1:${server.port}/jwks`,
    issuer: options.issuer,
    audience: options.audience,
    firstKey: first,
    get jwksFetches() {
      return jwksFetches;
    },
    makeKey,
    /** Publishes another key (rotation). */
    publish(key: Key) {
      published.push(key);
    },
    /** An ID token; `nowS` is the test clock in seconds, claims override the defaults. */
    mint(claims: JWTPayload & Record<string, unknown>, opts: { nowS: number; key?: Key; ttlS?: number }): Promise<string> {
      const key = opts.key ?? first;
      return new SignJWT({ iss: options.issuer, aud: options.audience, iat: opts.nowS, exp: opts.nowS + (opts.ttlS ?? 600), ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .sign(key.privateKey);
    },
    stop: () => server.stop(true),
  };
}

/** One message the SMTP peer received. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server (the smtp-server package) that keeps every message it receives. */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes quoted-printable (soft breaks and =XX escapes), as mail bodies arrive. */
export function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
