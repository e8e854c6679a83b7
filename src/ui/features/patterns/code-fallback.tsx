// The code as plain text while Monaco loads. It scrolls when the code is long, so it takes the focus (a
// keyboard user can scroll it) and carries the viewer's name (WCAG: scrollable regions reachable by keyboard).
export function CodeFallback({ value, label }: { value: string; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="code-fallback" tabIndex={0} aria-label={label}>
      <pre>{value}</pre>
    </section>
  );
}
