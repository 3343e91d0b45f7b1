import type { ToolCall } from './model.ts';

/** One `choices[0].delta.tool_calls[]` entry as providers stream it. */
export interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Partial {
  id: string | undefined;
  name: string;
  args: string;
}

/**
 * Assembles streamed tool-call deltas into whole calls. A delta belongs to the call with its
 * `index` (OpenAI's way); a provider that omits the index is followed by `id` (a new id starts a
 * call), and a delta with neither continues the call before it. Names are taken once (some
 * providers repeat the whole name in every delta); arguments are concatenated.
 */
export class ToolCallAssembler {
  private readonly calls: Partial[] = [];
  private readonly byIndex = new Map<number, Partial>();
  private readonly byId = new Map<string, Partial>();
  private last: Partial | undefined;

  add(delta: ToolCallDelta): void {
    const call = this.callFor(delta);
    if (delta.id && call.id === undefined) {
      call.id = delta.id;
      this.byId.set(delta.id, call);
    }
    const name = delta.function?.name;
    if (name && name !== call.name) call.name = call.name === '' ? name : call.name + name;
    if (delta.function?.arguments) call.args += delta.function.arguments;
    this.last = call;
  }

  /** The calls in the order they began; a call without an id gets one, empty arguments become `{}`. */
  finish(): ToolCall[] {
    return this.calls
      .filter((c) => c.name !== '')
      .map((c, i) => ({ id: c.id ?? `call_${i}`, type: 'function' as const, function: { name: c.name, arguments: c.args.trim() === '' ? '{}' : c.args } }));
  }

  private callFor(delta: ToolCallDelta): Partial {
    if (typeof delta.index === 'number') {
      const known = this.byIndex.get(delta.index);
      if (known) return known;
      const fresh = this.start();
      this.byIndex.set(delta.index, fresh);
      return fresh;
    }
    if (delta.id) return this.byId.get(delta.id) ?? this.start();
    return this.last ?? this.start();
  }

  private start(): Partial {
    const call: Partial = { id: undefined, name: '', args: '' };
    this.calls.push(call);
    return call;
  }
}
