import { TOKEN_ALG } from '@tm/shared';
import { type CryptoKey, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, importPKCS8 } from 'jose';

/** The Ed25519 key auth signs with, and the public half it publishes (only auth holds `privateKey`). */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The JWKS entry: `{ kty, crv, x, kid, alg: "EdDSA", use: "sig" }`. */
  publicJwk: JWK;
}

/**
 * Reads JWT_PRIVATE_KEY as a PKCS8 PEM (literal `\n` accepted, as env files often carry it) or
 * an Ed25519 JWK. Anything else is refused: a wrong key must stop the process, not sign with junk.
 */
export async function importSigningKey(source: string): Promise<SigningKey> {
  const text = source.trim();
  let jwk: JWK;
  if (text.startsWith('-----BEGIN')) {
    const key = await importPKCS8(text.replaceAll('\\n', '\n'), TOKEN_ALG, { extractable: true });
    jwk = await exportJWK(key);
  } else if (text.startsWith('{')) {
    jwk = JSON.parse(text) as JWK;
  } else {
    throw new Error('JWT_PRIVATE_KEY must be a PKCS8 PEM or an Ed25519 JWK');
  }
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.d !== 'string' || typeof jwk.x !== 'string') {
    throw new Error('JWT_PRIVATE_KEY must be an Ed25519 private key');
  }
  return fromPrivateJwk(jwk);
}

/** A fresh key for development and tests; production refuses to start without a configured one. */
export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair(TOKEN_ALG, { crv: 'Ed25519', extractable: true });
  return fromPrivateJwk(await exportJWK(privateKey));
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
  const pub = { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string };
  const kid = typeof jwk.kid === 'string' && jwk.kid ? jwk.kid : await calculateJwkThumbprint(pub);
  const privateKey = (await importJWK({ ...pub, d: jwk.d }, TOKEN_ALG)) as CryptoKey;
  const publicKey = (await importJWK(pub, TOKEN_ALG)) as CryptoKey;
  return { kid, privateKey, publicKey, publicJwk: { ...pub, kid, alg: TOKEN_ALG, use: 'sig' } };
}
