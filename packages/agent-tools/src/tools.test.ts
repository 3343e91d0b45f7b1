import { describe, expect, it } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_INPUTS } from '@tm/contracts/agent-tools';
import { toolParameters } from './tool.ts';
import { AGENT_TOOLS } from './tools/index.ts';

const TOOLS_DIR = join(import.meta.dir, 'tools');

describe('the tool list', () => {
  it('lists every tool file of tools/, each once', async () => {
    const files = readdirSync(TOOLS_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'));
    const defined = await Promise.all(files.map(async (f) => (await import(join(TOOLS_DIR, f))).default));
    expect(defined.every((tool) => AGENT_TOOLS.includes(tool))).toBe(true);
    expect(AGENT_TOOLS).toHaveLength(files.length);
  });

  it('names each tool once, in snake case, with a file of the same name in kebab case', () => {
    const names = AGENT_TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const files = new Set(readdirSync(TOOLS_DIR));
    for (const name of names) {
      expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(files.has(`${name.replaceAll('_', '-')}.ts`)).toBe(true);
    }
  });

  it('takes every input shape from the contract and describes each tool well enough for a model to choose it', () => {
    for (const tool of AGENT_TOOLS) {
      expect(tool.input).toBe(TOOL_INPUTS[tool.name as keyof typeof TOOL_INPUTS]);
      expect(tool.description.length).toBeGreaterThan(40);
      expect(tool.hosts.length).toBeGreaterThan(0);
      expect(toolParameters(tool)).toMatchObject({ type: 'object' });
    }
  });

  it('marks every tool that changes something as read-write and as one to confirm first', () => {
    for (const tool of AGENT_TOOLS) {
      if (tool.annotations.readOnlyHint) expect(tool.confirmFirst).toBeFalsy();
      else expect(tool.confirmFirst).toBe(true);
    }
  });
});
