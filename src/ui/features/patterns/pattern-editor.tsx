// Placeholder: the access pattern editor
export function PatternEditor() {
  return <div className="placeholder">PatternEditor</div>;
}
