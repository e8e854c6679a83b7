// Lesson Markdown comes from anyone who writes a lesson: it renders as text and a fixed set of tags, never
// as HTML, and keeps only web and mail links.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InlineMarkdown, Markdown } from './markdown.tsx';

describe('lesson Markdown', () => {
  it('renders Markdown, shows raw HTML as text and drops script links', () => {
    const html = renderToStaticMarkup(
      <Markdown
        text={[
          '## Keys',
          '',
          'Use **`PK`** and *sort* keys. <script>alert(1)</script> <img src=x onerror=alert(2)>',
          '',
          '- [docs](https://docs.aws.amazon.com/dynamodb/) and [bad](javascript:alert(3))',
          '- [data](data:text/html,<b>x</b>) and [vb](vbscript:msgbox) and <a href="javascript:alert(4)">raw</a>',
          '',
          '![pixel](https://tracker.example/p.gif)',
        ].join('\n')}
      />,
    );
    expect(html).toContain('<h4>Keys</h4>');
    expect(html).toContain('<strong><code>PK</code></strong>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain(
      '<a href="https://docs.aws.amazon.com/dynamodb/" target="_blank" rel="noopener noreferrer">docs</a>',
    );
    expect(html).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
  });

  it('shows links as their text where a link cannot go (inside a card button)', () => {
    const html = renderToStaticMarkup(
      <InlineMarkdown text="See [the guide](https://example.com) `now`" links={false} />,
    );
    expect(html).toBe('See the guide <code>now</code>');
  });
});
