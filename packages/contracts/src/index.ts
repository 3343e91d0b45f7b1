/**
 * @tm/contracts: every shape, limit and error code that crosses a process boundary, written once
 * (TypeBox through Elysia's `t`; pure, no I/O). Producers answer with these schemas and consumers
 * check what they receive against the same ones. Explicit named exports only.
 */
export {};
