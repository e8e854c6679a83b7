// Placeholder: the Monaco JSON editor of the whole design
export function JsonEditor() {
  return <div className="placeholder">JsonEditor</div>;
}
