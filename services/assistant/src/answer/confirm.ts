/**
 * Confirmation before a tool acts in the person's name (`confirmFirst`): the first call is not
 * run but remembered on the session, and the model is told to ask; the same call again runs only
 * when the person's next message says yes.
 */
export interface PendingAction {
  tool: string;
  /** The arguments as canonical JSON, so "the same call" means the same values. */
  args: string;
}

const YES = /^\s*(?:yes|yep|yeah|y|sure|ok|okay|confirm(?:ed)?|go ahead|please do|do it|correct|ja|jawohl|genau|haan|han|ji|نعم|हाँ|हां)\b/i;

/** True when the person's text confirms (a yes at its start). */
export function isConfirmation(text: string): boolean {
  return YES.test(text);
}

/** Canonical JSON: object keys sorted, so argument order does not matter. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Run now, or ask first: runs only when this exact call was pending and the person said yes. */
export function mayRun(
  tool: string,
  args: unknown,
  pending: PendingAction | undefined,
  personText: string,
): { run: true } | { run: false; pending: PendingAction } {
  const call = { tool, args: canonical(args) };
  if (pending && pending.tool === call.tool && pending.args === call.args && isConfirmation(personText)) return { run: true };
  return { run: false, pending: call };
}
