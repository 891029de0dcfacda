import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './html';

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting', () => {
    expect(
      sanitizeRichText('<h2>Role</h2><p>Build <strong>APIs</strong> and <em>tools</em>.</p><ul><li>Go</li></ul>'),
    ).toBe('<h2>Role</h2><p>Build <strong>APIs</strong> and <em>tools</em>.</p><ul><li>Go</li></ul>');
  });

  it('drops scripts, event handlers, styles and unsafe links', () => {
    const dirty =
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">bad</a><iframe src="//evil"></iframe>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>Hi</p><a rel="noopener noreferrer nofollow" target="_blank">bad</a>');
    expect(clean).not.toMatch(/script|onerror|onclick|style|javascript|iframe/);
  });

  it('makes links open safely and ignores attributes it did not add', () => {
    expect(sanitizeRichText('<a href="https://acme.example/jobs" rel="opener" target="_self">Jobs</a>')).toBe(
      '<a href="https://acme.example/jobs" rel="noopener noreferrer nofollow" target="_blank">Jobs</a>',
    );
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(sanitizeRichText('Line one\nline two\n\n2 < 3 & done')).toBe(
      '<p>Line one<br />line two</p><p>2 &lt; 3 &amp; done</p>',
    );
  });

  it('gives the visible text back', () => {
    expect(richTextToPlain('<h2>Role</h2><p>Build &amp; ship</p><ul><li>Go</li><li>SQL</li></ul>')).toBe(
      'Role\nBuild & ship\nGo\nSQL',
    );
  });
});
