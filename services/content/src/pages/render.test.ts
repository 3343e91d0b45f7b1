import { describe, expect, it } from 'bun:test';
import { renderMarkdown } from './render.ts';

describe('renderMarkdown', () => {
  it('renders Markdown: headings, emphasis, lists, links and tables', () => {
    const html = renderMarkdown('# Title\n\n*a* **b**\n\n- one\n- two\n\n[site](https://example.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>a</em> <strong>b</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('<td>1</td>');
  });

  it('drops script tags and their content, and other active elements', () => {
    const html = renderMarkdown(
      'Hi <script>alert(1)</script> <iframe src="https://x"></iframe> <style>p{}</style> <object data="x"></object> <form><input></form>',
    );
    expect(html).not.toMatch(/<script|alert\(1\)|<iframe|<style|<object|<form|<input/i);
    expect(html).toContain('Hi');
  });

  it('drops every event attribute', () => {
    const html = renderMarkdown('<img src="https://x/y.png" onerror="alert(1)"> <a href="https://x" onclick="steal()">x</a> <p onmouseover="x()">p</p>');
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).toContain('<img src="https://x/y.png" />');
  });

  it('drops javascript:, data: and vbscript: links however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
    ]) {
      const md = renderMarkdown(`[a](${href})`);
      const html = renderMarkdown(`<a href="${href}">b</a>`);
      for (const out of [md, html]) expect(out, href).not.toMatch(/href="(?!https?:)/i);
    }
    expect(renderMarkdown('[mail](mailto:hi@example.com)')).toContain('href="mailto:hi@example.com"');
  });
});
