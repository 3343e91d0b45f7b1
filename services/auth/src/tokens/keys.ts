import { TOKEN_ALG } from '@tm/shared/tokens';
import { type CryptoKey, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type JWK } from 'jose';

/** A public key tokens are checked against, and its JWKS entry. */
export interface VerificationKey {
  kid: string;
  publicKey: CryptoKey;
  /** The JWKS entry: `{ kty, crv, x, kid, alg: "EdDSA", use: "sig" }`. */
  publicJwk: JWK;
}

/** The Ed25519 key auth signs with, and the public half it publishes (only auth holds `privateKey`). */
export interface SigningKey extends VerificationKey {
  privateKey: CryptoKey;
}

/**
 * Reads JWT_PRIVATE_KEY as a PKCS8 PEM (literal `\n` accepted, as env files often carry it) or
 * an Ed25519 JWK. Anything else is refused: a wrong key must stop the process, not sign with junk.
 */
export async function importSigningKey(source: string): Promise<SigningKey> {
  const text = source.trim();
  if (!text.startsWith('-----BEGIN') && !text.startsWith('{')) throw new Error('JWT_PRIVATE_KEY must be a PKCS8 PEM or an Ed25519 JWK');
  let jwk: JWK;
  try {
    jwk = text.startsWith('{') ? (JSON.parse(text) as JWK) : await exportJWK(await importPKCS8(text.replaceAll('\\n', '\n'), TOKEN_ALG, { extractable: true }));
  } catch (err) {
    // The parser's own words ("Invalid keyData", a JSON position) do not say which variable is wrong.
    throw new Error(`JWT_PRIVATE_KEY could not be read as a PEM or JWK: ${(err as Error).message}`);
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

/**
 * Reads JWT_PREVIOUS_PUBLIC_KEYS: the public halves of keys auth signed with before a rotation,
 * as a JWKS (`{"keys": [...]}`), an array of JWKs or one JWK. They are published and accepted
 * until the operator removes them (once the tokens they signed have expired); nothing is signed
 * with them. A private part (`d`) is refused, so an old private key cannot be pasted here by
 * mistake, and so is a kid given twice or equal to the signing key's.
 */
export async function importPreviousPublicKeys(source: string, signing: VerificationKey): Promise<VerificationKey[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    throw new Error('JWT_PREVIOUS_PUBLIC_KEYS must be JSON: a JWKS, an array of JWKs or one JWK');
  }
  const list = Array.isArray(parsed) ? parsed : ((parsed as { keys?: unknown })?.keys ?? [parsed]);
  if (!Array.isArray(list)) throw new Error('JWT_PREVIOUS_PUBLIC_KEYS: "keys" must be an array');
  const keys = await Promise.all(
    list.map(async (item: unknown, i) => {
      const jwk = item as JWK;
      if (typeof jwk !== 'object' || jwk === null || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
        throw new Error(`JWT_PREVIOUS_PUBLIC_KEYS: key ${i + 1} is not an Ed25519 public JWK`);
      }
      if ('d' in jwk) throw new Error(`JWT_PREVIOUS_PUBLIC_KEYS: key ${i + 1} holds a private part ("d"); give only the public key`);
      return fromPublicJwk({ kty: 'OKP', crv: 'Ed25519', x: jwk.x }, jwk.kid);
    }),
  );
  indexKeysByKid(signing, keys);
  return keys;
}

/** Every key tokens may be verified with, by kid: the signing key and the previous ones; a kid twice is refused. */
export function indexKeysByKid(signing: VerificationKey, previous: readonly VerificationKey[]): Map<string, VerificationKey> {
  const byKid = new Map<string, VerificationKey>();
  for (const key of [signing, ...previous]) {
    if (byKid.has(key.kid)) throw new Error(`JWT_PREVIOUS_PUBLIC_KEYS: kid "${key.kid}" is given twice (or is the current key's)`);
    byKid.set(key.kid, key);
  }
  return byKid;
}

async function fromPublicJwk(pub: { kty: 'OKP'; crv: 'Ed25519'; x: string }, kid?: unknown): Promise<VerificationKey> {
  const id = typeof kid === 'string' && kid ? kid : await calculateJwkThumbprint(pub);
  const publicKey = (await importJWK(pub, TOKEN_ALG)) as CryptoKey;
  return { kid: id, publicKey, publicJwk: { ...pub, kid: id, alg: TOKEN_ALG, use: 'sig' } };
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
  const pub = { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string } as const;
  const privateKey = (await importJWK({ ...pub, d: jwk.d }, TOKEN_ALG)) as CryptoKey;
  return { ...(await fromPublicJwk(pub, jwk.kid)), privateKey };
}
