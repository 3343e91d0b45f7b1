/**
 * `bun run docs:errors`: writes docs/error-codes.md from the error tables in packages/contracts
 * (a contracts test fails while the committed file differs from what this writes).
 */
import { resolve } from 'node:path';
import { renderErrorCodesDoc } from '../src/errors/doc.ts';

const target = resolve(import.meta.dir, '../../../docs/error-codes.md');
await Bun.write(target, renderErrorCodesDoc());
console.log(`wrote ${target}`);
