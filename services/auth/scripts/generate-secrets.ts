/**
 * Prints fresh production secrets for auth as env lines: an Ed25519 JWT_PRIVATE_KEY (PKCS8 PEM,
 * newlines escaped so it fits one line) and an OTP_HMAC_SECRET. `bun run generate-secrets`.
 */
import { exportPKCS8, generateKeyPair } from 'jose';

const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
const pem = await exportPKCS8(privateKey);
const otpSecret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
console.log(`JWT_PRIVATE_KEY="${pem.trim().replaceAll('\n', '\\n')}"`);
console.log(`OTP_HMAC_SECRET=${otpSecret}`);
